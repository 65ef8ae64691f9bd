package io.redcron.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One entry of {@code worker.allow-commands}. A shell task's line must match the entry as a whole
 * regular expression. An exec task's argv is matched element by element: the entry is split at
 * spaces into one pattern per argument, each of which must match its argument as a whole, and the
 * argument count must be the same, unless the last word is {@code ...}, which allows any further
 * arguments. Joining argv with spaces instead would let {@code ["/bin/tool", "--safe --evil"]}
 * pass a pattern written for two separate arguments.
 *
 * <p>A pattern for one argument that must contain a space writes it as {@code \x20} or {@code \s}.
 * An entry that cannot be split into valid patterns (for example {@code /opt/x( .*)?}) applies to
 * shell lines only; an entry ending in {@code ...} applies to exec tasks only.
 */
public final class CommandPattern {
    public static final String ANY_FURTHER_ARGUMENTS = "...";

    private final String text;
    private final Pattern line;
    private final List<Pattern> words;
    private final boolean moreArguments;

    private CommandPattern(String text, Pattern line, List<Pattern> words, boolean moreArguments) {
        this.text = text;
        this.line = line;
        this.words = words;
        this.moreArguments = moreArguments;
    }

    /** @throws IllegalArgumentException with the reason, when the entry fits neither task type */
    public static CommandPattern compile(String text) {
        String[] split = text.strip().split("\\s+");
        boolean more = split.length > 1 && split[split.length - 1].equals(ANY_FURTHER_ARGUMENTS);
        List<Pattern> words = new ArrayList<>();
        String wordError = null;
        for (int i = 0; i < split.length - (more ? 1 : 0); i++) {
            try {
                words.add(Pattern.compile(split[i]));
            } catch (PatternSyntaxException e) {
                wordError = "'" + split[i] + "' is not a regular expression: " + e.getDescription();
                words = null;
                break;
            }
        }
        Pattern line = null;
        String lineError = null;
        if (!more) {
            try {
                line = Pattern.compile(text.strip());
            } catch (PatternSyntaxException e) {
                lineError = "is not a regular expression: " + e.getDescription();
            }
        }
        if (words == null && line == null) {
            throw new IllegalArgumentException("'" + text + "' " + (lineError != null ? lineError : wordError));
        }
        return new CommandPattern(text, line, words == null ? null : List.copyOf(words), more);
    }

    /** Whether this entry allows the exec task {@code argv}. */
    public boolean allowsArgv(List<String> argv) {
        if (words == null) {
            return false;
        }
        if (moreArguments ? argv.size() < words.size() : argv.size() != words.size()) {
            return false;
        }
        for (int i = 0; i < words.size(); i++) {
            if (!words.get(i).matcher(argv.get(i)).matches()) {
                return false;
            }
        }
        return true;
    }

    /** Whether this entry allows the shell task line {@code command}. */
    public boolean allowsShellLine(String command) {
        return line != null && line.matcher(command).matches();
    }

    /** Why this entry cannot serve one of the task types, to warn about at start; empty if it serves both. */
    public Optional<String> limitation() {
        if (words == null) {
            return Optional.of("'" + text + "' cannot be split into one pattern per argument, so it allows shell"
                    + " lines only (for exec tasks write one pattern per argument, and '...' for any further ones)");
        }
        if (line == null) {
            return Optional.of("'" + text + "' ends in '...', so it allows exec tasks only");
        }
        return Optional.empty();
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
