package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Task;
import io.redcron.format.BoundedRead;
import picocli.CommandLine.Command;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

@Command(name = "task", mixinStandardHelpOptions = true,
        description = "Create, list, show, change, enable, disable and delete tasks.",
        subcommands = {TaskAddCommand.class, TaskListCommand.class, TaskShowCommand.class, TaskUpdateCommand.class,
                TaskEnableCommand.class, TaskDisableCommand.class, TaskDeleteCommand.class})
final class TaskCommand {
    /** The most a task file may hold; the largest payload is 64 KiB per field, so this leaves room for all of them. */
    static final int MAX_FILE = 1024 * 1024;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** A task by name, or by id when the argument is a number that names no task. */
    /**
     * Reads a task document from a YAML or JSON file ({@code -} for standard input), at most
     * {@link #MAX_FILE} bytes of it: a bigger one is refused as soon as that much has been read.
     */
    static JsonNode readDocument(Path file) {
        boolean stdin = file.toString().equals("-");
        String name = stdin ? "standard input" : file.toString();
        byte[] content;
        try (InputStream in = stdin ? new NotClosing(System.in) : Files.newInputStream(file)) {
            content = BoundedRead.upTo(in, MAX_FILE).orElseThrow(() -> new InvalidTaskException("file",
                    name + " is over " + BoundedRead.size(MAX_FILE) + "; a task file is at most " + BoundedRead.size(MAX_FILE)));
        } catch (NoSuchFileException e) {
            throw new InvalidTaskException("file", name + " does not exist");
        } catch (IOException e) {
            throw new InvalidTaskException("file", "cannot read " + name + ": " + CliErrors.oneLine(e.getMessage()));
        }
        try {
            return YAML.readTree(content);
        } catch (IOException e) {
            throw new InvalidTaskException("file", name + " is not valid YAML/JSON: " + CliErrors.oneLine(e.getMessage()));
        }
    }

    /** Standard input stays open for whatever else reads it; only the file is closed. */
    static final class NotClosing extends FilterInputStream {
        NotClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
        }
    }
}
