package io.redcron.domain;

import io.redcron.domain.CredentialRedaction.Url;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.redcron.domain.CredentialRedaction.MASK;

/**
 * Turns an edit of a definition that was shown with its credentials masked back into the
 * definition to store: a value left as {@value CredentialRedaction#MASK} keeps the value stored for
 * it, and so does a URL whose userinfo was left masked (matched by scheme, host and user). A mask
 * that has no stored value behind it is refused, naming its field: the mask is never stored as a
 * credential.
 */
public final class MaskedCredentials {

    private MaskedCredentials() {
    }

    /**
     * The edited task with every mask replaced by what {@code stored} holds there.
     *
     * @param stored the task the editor was shown (masked), or null for a new task
     * @throws InvalidTaskException when a mask has no stored value behind it
     */
    public static Task restore(Task edited, Task stored) {
        Stored from = new Stored(stored);
        TaskPayload payload = payload(edited.payload(), from);
        Map<String, String> params = entries("params", edited.params(), from.params, false, from);
        if (payload.equals(edited.payload()) && params.equals(edited.params())) {
            return edited;
        }
        return edited.toBuilder().payload(payload).params(params).build();
    }

    /** Refuses a task that holds a mask: with nothing stored to keep, it would replace a credential. */
    public static void refuse(Task task) {
        restore(task, null);
    }

    private static TaskPayload payload(TaskPayload payload, Stored from) {
        if (payload instanceof ExecPayload exec) {
            return new ExecPayload(exec.argv(), exec.workDir(), entries("env", exec.env(), from.env, false, from));
        }
        if (payload instanceof ShellPayload shell) {
            return new ShellPayload(shell.command(), shell.workDir(), entries("env", shell.env(), from.env, false, from));
        }
        if (payload instanceof HttpPayload http) {
            return new HttpPayload(http.method(), HttpPayload.url(urls("url", http.url().toString(), from)),
                    entries("http-header", http.headers(), from.headers, true, from), http.body(),
                    http.acceptedStatuses(), http.redirects());
        }
        JavaPayload java = (JavaPayload) payload;
        return new JavaPayload(java.handler(), entries("settings", java.settings(), from.settings, false, from));
    }

    private static Map<String, String> entries(String field, Map<String, String> edited, Map<String, String> stored,
                                               boolean namesIgnoreCase, Stored from) {
        Map<String, String> out = new LinkedHashMap<>();
        edited.forEach((name, value) -> {
            if (!MASK.equals(value)) {
                out.put(name, urls(field, value, from));
                return;
            }
            String kept = stored.get(name);
            if (kept == null && namesIgnoreCase) {
                kept = stored.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                        .findFirst().orElse(null);
            }
            if (kept == null) {
                throw new InvalidTaskException(field, "'" + name + "' is " + MASK + ", which stands for a hidden value,"
                        + " but none is stored for it: give the value itself");
            }
            out.put(name, kept);
        });
        return out;
    }

    private static String urls(String field, String text, Stored from) {
        List<Url> found = CredentialRedaction.urlsIn(text);
        if (found.stream().noneMatch(Url::masked)) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (Url url : found) {
            if (!url.masked()) {
                continue;
            }
            Url original = from.urls.stream().filter(candidate -> candidate.showsAs(url)).findFirst()
                    .orElseThrow(() -> new InvalidTaskException(field, "the credentials of " + url.scheme() + url.userinfo()
                            + "@" + url.host() + " are " + MASK + ", which stands for hidden ones, but none are stored"
                            + " for that URL: give them"));
            out.append(text, copied, url.start()).append(url.scheme()).append(original.userinfo()).append('@')
                    .append(url.host());
            copied = url.end();
        }
        return out.append(text, copied, text.length()).toString();
    }

    /** What the shown task held behind its masks. */
    private static final class Stored {
        final Map<String, String> env = new LinkedHashMap<>();
        final Map<String, String> headers = new LinkedHashMap<>();
        final Map<String, String> settings = new LinkedHashMap<>();
        final Map<String, String> params = new LinkedHashMap<>();
        final List<Url> urls = new ArrayList<>();

        Stored(Task task) {
            if (task == null) {
                return;
            }
            if (task.payload() instanceof ExecPayload exec) {
                env.putAll(exec.env());
            } else if (task.payload() instanceof ShellPayload shell) {
                env.putAll(shell.env());
            } else if (task.payload() instanceof HttpPayload http) {
                headers.putAll(http.headers());
                urls.addAll(CredentialRedaction.urlsIn(http.url().toString()));
            } else if (task.payload() instanceof JavaPayload java) {
                settings.putAll(java.settings());
            }
            params.putAll(task.params());
            for (Map<String, String> values : List.of(env, headers, settings, params)) {
                values.values().forEach(value -> urls.addAll(CredentialRedaction.urlsIn(value)));
            }
        }
    }
}
