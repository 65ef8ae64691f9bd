package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Bad input: exit 2, one line on stderr naming the field, and nothing stored or changed. */
class TaskInputErrorsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;

    @TempDir
    Path dir;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    static Stream<Arguments> badFlags() {
        return Stream.of(
                arguments("minute", List.of("--name", "job", "--cron", "61 * * * *", "--shell", "true")),
                arguments("cron", List.of("--name", "job", "--cron", "* * * *", "--shell", "true")),
                arguments("hour", List.of("--name", "job", "--cron", "0 0 25 * * ?", "--dialect", "quartz", "--shell", "true")),
                arguments("day-of-month", List.of("--name", "job", "--cron", "0 0 0 32 * *", "--dialect", "spring", "--shell", "true")),
                arguments("dialect", List.of("--name", "job", "--cron", "* * * * *", "--dialect", "cronie", "--shell", "true")),
                arguments("zone", List.of("--name", "job", "--cron", "* * * * *", "--zone", "Mars/Olympus", "--shell", "true")),
                arguments("url", List.of("--name", "job", "--cron", "* * * * *", "--http", "not a url")),
                arguments("url", List.of("--name", "job", "--cron", "* * * * *", "--http", "ftp://example.com/x")),
                arguments("url", List.of("--name", "job", "--cron", "* * * * *", "--http", "/relative/path")),
                arguments("http-method", List.of("--name", "job", "--cron", "* * * * *", "--http", "http://x/", "--method", "FETCH")),
                arguments("http-accept", List.of("--name", "job", "--cron", "* * * * *", "--http", "http://x/", "--accept", "700")),
                arguments("http-redirects", List.of("--name", "job", "--cron", "* * * * *", "--http", "http://x/", "--redirects", "always")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--redirects", "any")),
                arguments("timeout", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--timeout", "-5s")),
                arguments("timeout", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--timeout", "0s")),
                arguments("timeout", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--timeout", "soon")),
                arguments("retries", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--retries", "-1")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--exec", "/bin/true")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--http", "http://x/")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--http", "http://x/", "--env", "A=1")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--java", "a.B", "--workdir", "/tmp")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--method", "POST")),
                arguments("type", List.of("--name", "job", "--cron", "* * * * *", "--header", "A=b", "--exec", "/bin/true")),
                arguments("workdir", List.of("--name", "job", "--cron", "* * * * *", "--workdir", "relative", "--shell", "true")),
                arguments("name", List.of("--cron", "* * * * *", "--shell", "true")),
                arguments("cron", List.of("--name", "job", "--shell", "true")),
                arguments("group", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--group", "no spaces")),
                arguments("labels", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--label", "=x")),
                arguments("params", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--param", "BAD-NAME=1")),
                arguments("misfire", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--misfire", "later")),
                arguments("concurrency", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--concurrency", "maybe")),
                arguments("shards", List.of("--name", "job", "--cron", "* * * * *", "--shell", "true", "--shards", "1001")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badFlags")
    void addRefusesBadFlags(String field, List<String> args) {
        Cli.Result result = cli.run("task add", args.toArray(String[]::new));

        assertRefused(result, field);
        assertThat(cli.tasks()).isEmpty();
    }

    /** The bad values among {@link #badFlags()}: an update needs no name, cron or payload, so leaving them out is fine. */
    static Stream<Arguments> badValues() {
        return badFlags().filter(arguments -> {
            @SuppressWarnings("unchecked")
            List<String> args = (List<String>) arguments.get()[1];
            return args.containsAll(List.of("--name", "--cron")) && args.size() > 4;
        });
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badValues")
    void updateRefusesBadValuesAndChangesNothing(String field, List<String> args) {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        JsonNode before = cli.task("job");
        List<String> update = new ArrayList<>(List.of("job"));
        update.addAll(args.subList(2, args.size()));

        Cli.Result result = cli.run("task update", update.toArray(String[]::new));

        assertRefused(result, field);
        assertThat(cli.task("job")).isEqualTo(before);
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                arguments("colour", "name: job\ncron: '* * * * *'\nshell: 'true'\ncolour: red\n"),
                arguments("minute", "name: job\ncron: '99 * * * *'\nshell: 'true'\n"),
                arguments("enabled", "name: job\ncron: '* * * * *'\nshell: 'true'\nenabled: sometimes\n"),
                arguments("type", "name: job\ncron: '* * * * *'\nshell: 'true'\nexec: [/bin/true]\n"),
                arguments("http-redirects", "name: job\ncron: '* * * * *'\nhttp: {url: 'https://x/', redirects: follow}\n"),
                arguments("file", "name: job\ncron: '* * * * *'\n  shell: [unclosed\n"),
                arguments("file", "[\"a list\", \"not a task\"]\n"),
                arguments("file", "{\"name\": \"job\", \"cron\": \"* * * * *\",\n"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badFiles")
    void addRefusesBadFiles(String field, String content) throws Exception {
        Path file = dir.resolve("task.yaml");
        Files.writeString(file, content);

        Cli.Result result = cli.run("task add", "--file", file.toString());

        assertRefused(result, field);
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void missingFile() {
        Path file = dir.resolve("nowhere.yaml");

        Cli.Result result = cli.run("task add", "--file", file.toString());

        assertRefused(result, "file");
        assertThat(result.err()).contains(file.toString());
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void fileOverOneMebibyte() throws Exception {
        Path file = dir.resolve("big.yaml");
        Files.writeString(file, "name: job\ncron: '* * * * *'\nshell: 'true'\ndescription: x\n# " + "x".repeat(1024 * 1024) + "\n");

        Cli.Result result = cli.run("task add", "--file", file.toString());

        assertRefused(result, "file");
        assertThat(result.err()).contains("1 MiB");
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void anEndlessFileIsReadOnlyUpToTheLimitThenRefused() {
        Cli.Result add = cli.run("task add", "--file", "/dev/zero");

        assertRefused(add, "file");
        assertThat(add.err()).isEqualTo("redcron-node: file: /dev/zero is over 1 MiB; a task file is at most 1 MiB\n");
        assertThat(cli.tasks()).isEmpty();

        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        JsonNode before = cli.task("job");
        Cli.Result update = cli.run("task update", "job", "--file", "/dev/urandom");
        assertRefused(update, "file");
        assertThat(update.err()).contains("/dev/urandom is over 1 MiB");
        assertThat(cli.task("job")).isEqualTo(before);
    }

    @Test
    void endlessStandardInputIsReadOnlyUpToTheLimitThenRefused() {
        InputStream stdin = System.in;
        CountingZeros endless = new CountingZeros();
        System.setIn(endless);
        Cli.Result result;
        try {
            result = cli.run("task add", "--file", "-");
        } finally {
            System.setIn(stdin);
        }

        assertRefused(result, "file");
        assertThat(result.err()).contains("standard input is over 1 MiB");
        assertThat(endless.read).as("bytes read").isEqualTo(1024 * 1024 + 1);
        assertThat(cli.tasks()).isEmpty();
    }

    /** Standard input that never ends, and counts what was taken from it. */
    private static final class CountingZeros extends InputStream {
        long read;

        @Override
        public int read() {
            read++;
            return 0;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            java.util.Arrays.fill(buffer, offset, offset + length, (byte) 0);
            read += length;
            return length;
        }
    }

    @Test
    void updateFromABadFileChangesNothing() throws Exception {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        JsonNode before = cli.task("job");
        Path file = dir.resolve("task.json");
        Files.writeString(file, "{\"cron\": \"0 2 * * *\", \"timeout\": \"0s\"}");

        Cli.Result result = cli.run("task update", "job", "--file", file.toString());

        assertRefused(result, "timeout");
        assertThat(cli.task("job")).isEqualTo(before);
    }

    @Test
    void badTriggerParameterRecordsNoRun() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");

        Cli.Result result = cli.run("trigger", "job", "--param", "BAD-NAME=1");

        assertRefused(result, "param");
        assertThat(cli.json("runs list")).isEmpty();
    }

    @Test
    void listRefusesContradictoryFilters() {
        assertRefused(cli.run("task list", "--enabled", "--disabled"), "--enabled");
        assertRefused(cli.run("task list", "--limit", "0"), "--limit");
        assertRefused(cli.run("task list", "--offset", "-1"), "--offset");
        assertRefused(cli.run("task list", "--type", "ftp"), "type");
    }

    static void assertRefused(Cli.Result result, String field) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err().lines()).as(result.toString()).hasSize(1);
        assertThat(result.err()).as(result.toString()).startsWith("redcron-node: ").contains(field);
        assertThat(result.out()).as(result.toString()).isEmpty();
    }
}
