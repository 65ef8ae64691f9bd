package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SecretMaskTest {
    @Test
    void aValueSplitAcrossChunksIsStillMasked() {
        String output = "token=s3cr3t-value and again s3cr3t-value.\n";
        for (int split = 0; split <= output.length(); split++) {
            SecretMask mask = new SecretMask(List.of("s3cr3t-value"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(mask.accept(bytes, 0, split));
            out.writeBytes(mask.accept(bytes, split, bytes.length - split));
            out.writeBytes(mask.finish());
            assertThat(out.toString(StandardCharsets.UTF_8)).as("split at " + split)
                    .isEqualTo("token=****** and again ******.\n");
        }
    }

    @Test
    void byteByByteAndOverlappingValuesTheLongestWins() {
        SecretMask mask = new SecretMask(List.of("abcd", "abcdefgh"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : "xabcdefghyabcdz".getBytes(StandardCharsets.UTF_8)) {
            out.writeBytes(mask.accept(new byte[] {b}, 0, 1));
        }
        out.writeBytes(mask.finish());
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("x******y******z");
    }

    @Test
    void shortValuesAreLeftAlone() {
        SecretMask mask = new SecretMask(List.of("ab"));
        assertThat(mask.isEmpty()).isTrue();
    }
}
