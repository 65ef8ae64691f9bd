package io.redcron.node.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The one JSON writer of the CLI: pretty, stable field order, UTF-8 text as is, except that no
 * character that can act on a terminal is written raw: JSON escapes the C0 controls anyway, and
 * DEL and the C1 controls (U+0080-U+009F, which some terminals obey) are escaped here as well.
 */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static {
        MAPPER.getFactory().setCharacterEscapes(new TerminalEscapes());
    }

    private Json() {
    }

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    static String write(Object node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    private static final class TerminalEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        TerminalEscapes() {
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            return c >= 0x80 && c <= 0x9f ? new SerializedString(String.format("\\u%04X", c)) : null;
        }
    }
}
