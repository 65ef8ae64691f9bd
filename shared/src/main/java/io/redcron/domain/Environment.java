package io.redcron.domain;

import java.util.Map;
import java.util.regex.Pattern;

final class Environment {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    private Environment() {
    }

    static Map<String, String> check(Map<String, String> env) {
        if (env == null) {
            return Map.of();
        }
        env.forEach((name, value) -> {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new InvalidTaskException("env", "'" + name + "' is not a valid variable name");
            }
            if (name.startsWith("REDCRON_")) {
                throw new InvalidTaskException("env", "'" + name + "' is reserved: REDCRON_* variables are set by the node");
            }
            ForbiddenVariables.reason(name).ifPresent(reason -> {
                throw new InvalidTaskException("env", "'" + name + "' is refused by every node: " + reason);
            });
            if (value == null || value.indexOf('\0') >= 0) {
                throw new InvalidTaskException("env", "variable '" + name + "' has no value or contains NUL");
            }
            SecretReferences.check("env", value);
        });
        Checks.payloadMap("env", env);
        return Map.copyOf(env);
    }
}
