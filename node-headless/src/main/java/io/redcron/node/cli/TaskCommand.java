package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Task;
import io.redcron.port.TaskStore;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

@Command(name = "task", mixinStandardHelpOptions = true,
        description = "Create, list, show, change, enable, disable and delete tasks.",
        subcommands = {TaskAddCommand.class, TaskListCommand.class, TaskShowCommand.class, TaskUpdateCommand.class,
                TaskEnableCommand.class, TaskDisableCommand.class, TaskDeleteCommand.class})
final class TaskCommand {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** A task by name, or by id when the argument is a number that names no task. */
    static Task find(TaskStore tasks, String namespace, String nameOrId) {
        Optional<Task> byName = tasks.findByName(namespace, nameOrId);
        if (byName.isPresent()) {
            return byName.get();
        }
        if (nameOrId.matches("\\d{1,18}")) {
            Optional<Task> byId = tasks.get(Long.parseLong(nameOrId)).filter(t -> t.namespace().equals(namespace));
            if (byId.isPresent()) {
                return byId.get();
            }
        }
        throw new CliErrors.NotFoundException("no task named '" + nameOrId + "' in namespace '" + namespace + "'");
    }

    /** Reads a task document from a YAML or JSON file ({@code -} for standard input). */
    static JsonNode readDocument(Path file) {
        try {
            byte[] content = file.toString().equals("-") ? System.in.readAllBytes() : Files.readAllBytes(file);
            if (content.length > 1024 * 1024) {
                throw new InvalidTaskException("file", file + " is " + content.length + " bytes; a task file is at most 1 MiB");
            }
            return YAML.readTree(content);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InvalidTaskException("file", file + " does not exist");
        } catch (IOException e) {
            throw new InvalidTaskException("file", file + " is not valid YAML/JSON: " + CliErrors.oneLine(e.getMessage()));
        }
    }
}
