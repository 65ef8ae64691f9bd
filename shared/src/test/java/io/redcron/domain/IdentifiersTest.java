package io.redcron.domain;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IdentifiersTest {

    @Test
    void identifiersAreUpTo64PlainCharactersStartingWithALetterOrDigit() {
        assertThat(Identifiers.isIdentifier("billing.eu-1_a")).isTrue();
        assertThat(Identifiers.isIdentifier("a".repeat(64))).isTrue();
        assertThat(Identifiers.isIdentifier("a".repeat(65))).isFalse();
        assertThat(Identifiers.isIdentifier("-a")).isFalse();
        assertThat(Identifiers.isIdentifier("a b")).isFalse();
        assertThat(Identifiers.isIdentifier("a:b")).isFalse();
        assertThat(Identifiers.isIdentifier("")).isFalse();
        assertThat(Identifiers.isIdentifier(null)).isFalse();
    }

    @Test
    void parameterNamesAreVariableNames() {
        assertThat(Identifiers.isParameterName("_region2")).isTrue();
        assertThat(Identifiers.isParameterName("2region")).isFalse();
        assertThat(Identifiers.isParameterName("re-gion")).isFalse();
        assertThat(Identifiers.isParameterName("r".repeat(65))).isFalse();
        assertThat(Identifiers.isParameterName(null)).isFalse();
    }
}
