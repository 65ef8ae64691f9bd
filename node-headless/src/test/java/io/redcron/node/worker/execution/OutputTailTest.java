package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class OutputTailTest {

    @Test
    void keepsShortOutputWhole() {
        OutputTail tail = tailWith(64, "hello\nworld\n");

        assertThat(tail.text()).isEqualTo("hello\nworld\n");
    }

    @Test
    void keepsTheLastBytesWithAMarkerThatFitsTheCapacity() {
        OutputTail tail = new OutputTail(100);
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            String line = "line " + i + "\n";
            all.append(line);
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            tail.write(bytes, 0, bytes.length);
        }

        String text = tail.text();

        assertThat(text).hasSizeLessThanOrEqualTo(100);
        assertThat(text).startsWith("[… ").contains(" earlier bytes not kept]\n").endsWith("line 999\n");
        String kept = text.substring(text.indexOf('\n') + 1);
        long dropped = Long.parseLong(text.substring(3, text.indexOf(' ', 3)).replace(",", ""));
        assertThat(dropped + kept.length()).isEqualTo(all.length());
        assertThat(all.toString()).endsWith(kept);
    }

    @Test
    void aWriteLargerThanTheCapacityKeepsItsEnd() {
        OutputTail tail = tailWith(10, "0123456789abcdefghij");
        tail.write("XY".getBytes(StandardCharsets.UTF_8), 0, 2);

        assertThat(tail.totalBytes()).isEqualTo(22);
        assertThat(tail.text()).isEqualTo("cdefghijXY");
        assertThat(tailWith(1000, "x".repeat(5000)).text()).startsWith("[… 4,0").endsWith("xxx");
    }

    @Test
    void invalidUtf8BecomesReplacementCharacters() {
        OutputTail tail = new OutputTail(64);
        byte[] bytes = {'o', 'k', (byte) 0xff, (byte) 0xc3, ' ', (byte) 0xe4, (byte) 0xb8, (byte) 0xad};
        tail.write(bytes, 0, bytes.length);

        assertThat(tail.text()).isEqualTo("ok\uFFFD\uFFFD 中");
    }

    @Test
    void aCutInsideACharacterDoesNotLeaveAReplacementCharacter() {
        OutputTail tail = tailWith(40, "中".repeat(100));

        String text = tail.text();

        assertThat(text).doesNotContain("\uFFFD").endsWith("中中");
        assertThat(text.substring(text.indexOf('\n') + 1)).matches("中+");
    }

    @Test
    void noRoomForAMarkerStillGivesTheTail() {
        assertThat(tailWith(5, "0123456789").text()).isEqualTo("56789");
        assertThat(tailWith(0, "0123456789").text()).isEmpty();
    }

    @Test
    void keepsTheSameTailWhileItsBufferGrowsInOddSizedWrites() {
        OutputTail tail = new OutputTail(5000);
        StringBuilder all = new StringBuilder();
        for (int i = 0; all.length() < 12_000; i++) {
            String chunk = "chunk " + i + " " + "x".repeat(i % 97) + "\n";
            all.append(chunk);
            byte[] bytes = chunk.getBytes(StandardCharsets.UTF_8);
            tail.write(bytes, 0, bytes.length);
            if (all.length() <= 5000) {
                assertThat(tail.text()).isEqualTo(all.toString());
            }
        }

        String text = tail.text();
        assertThat(text).hasSizeLessThanOrEqualTo(5000);
        assertThat(all.toString()).endsWith(text.substring(text.indexOf('\n') + 1));
    }

    private static OutputTail tailWith(int capacity, String text) {
        OutputTail tail = new OutputTail(capacity);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        tail.write(bytes, 0, bytes.length);
        return tail;
    }
}
