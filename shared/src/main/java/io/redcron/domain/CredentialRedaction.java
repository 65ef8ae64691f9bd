package io.redcron.domain;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides which values of a task definition are credentials, and shows each as {@value #MASK}
 * wherever a definition is shown to people (the command line, the desktop, the audit log). Task
 * definitions are read by many more people than those who may use the credentials in them.
 *
 * <p>Credential-like are the values of headers, environment variables, parameters and handler
 * settings whose name is {@code Cookie} or {@code Set-Cookie} or contains one of {@code token},
 * {@code secret}, {@code password}, {@code passwd}, {@code pwd}, {@code key}, {@code credential},
 * {@code auth}, {@code session}, {@code private} (case-insensitive; so {@code Authorization} and
 * {@code Proxy-Authorization} too), and the userinfo of URLs ({@code https://user:password@host})
 * in the HTTP URL and in those values. A value that refers to a secret by {@code ${secret:NAME}}
 * holds no secret itself (the node resolves the reference) and is shown as it is.
 *
 * <p>Only what is shown is masked; the stores keep the real values, and {@link MaskedCredentials}
 * makes sure that an edit of a masked definition never writes the mask back.
 */
public final class CredentialRedaction {
    /** What a credential is shown as; never a value of its own (the stores refuse it). */
    public static final String MASK = "******";

    private static final Set<String> CREDENTIAL_NAMES = Set.of("cookie", "set-cookie");
    private static final List<String> CREDENTIAL_WORDS = List.of("token", "secret", "password", "passwd", "pwd", "key",
            "credential", "auth", "session", "private");
    // The userinfo runs to the last '@' before the path, so a password with an unescaped '@' is still hidden whole.
    private static final Pattern USERINFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)([^/?#\\s]*)@([^/?#\\s]*)");

    private CredentialRedaction() {
    }

    /** Whether a header, variable, parameter or setting of this name holds a credential. */
    public static boolean isCredentialName(String name) {
        if (name == null) {
            return false;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return CREDENTIAL_NAMES.contains(lower) || CREDENTIAL_WORDS.stream().anyMatch(lower::contains);
    }

    /** Whether the text refers to a secret that the node resolves, rather than holding one. */
    public static boolean refersToSecret(String text) {
        return !SecretReferences.names(text).isEmpty();
    }

    /** The value of a named entry as shown: masked when the name says credential, else with URL passwords masked. */
    public static String value(String name, String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        return isCredentialName(name) && !refersToSecret(value) ? MASK : urls(value);
    }

    /** A map of named entries (headers, environment, parameters, settings) as shown, in the same order. */
    public static Map<String, String> values(Map<String, String> values) {
        Map<String, String> shown = new LinkedHashMap<>();
        values.forEach((name, value) -> shown.put(name, value(name, value)));
        return shown;
    }

    /** The text with the userinfo of every URL in it masked. */
    public static String urls(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return text;
        }
        Matcher url = USERINFO.matcher(text);
        StringBuilder shown = new StringBuilder();
        while (url.find()) {
            url.appendReplacement(shown, Matcher.quoteReplacement(url.group(1) + userinfo(url.group(2)) + "@" + url.group(3)));
        }
        url.appendTail(shown);
        return shown.toString();
    }

    /**
     * Userinfo as shown: the password masked, or, when there is none, the user (a token is often
     * given as the user name, as in {@code https://TOKEN@host}).
     */
    static String userinfo(String userinfo) {
        int colon = userinfo.indexOf(':');
        String user = colon < 0 ? userinfo : userinfo.substring(0, colon);
        String password = colon < 0 ? "" : userinfo.substring(colon + 1);
        if (!password.isEmpty()) {
            return refersToSecret(password) ? userinfo : user + ":" + MASK;
        }
        if (user.isEmpty() || refersToSecret(user)) {
            return userinfo;
        }
        return MASK + (colon < 0 ? "" : ":");
    }

    /** The URLs in a text, with the parts {@link #urls} looks at. */
    static List<Url> urlsIn(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return List.of();
        }
        Matcher url = USERINFO.matcher(text);
        List<Url> found = new ArrayList<>();
        while (url.find()) {
            found.add(new Url(url.start(), url.end(), url.group(1), url.group(2), url.group(3)));
        }
        return found;
    }

    /** One URL with userinfo in a text: {@code scheme://userinfo@host}, from {@code start} to {@code end}. */
    record Url(int start, int end, String scheme, String userinfo, String host) {
        /** Whether the userinfo is a mask: a password of {@value #MASK}, or a user of it without a password. */
        boolean masked() {
            int colon = userinfo.indexOf(':');
            String user = colon < 0 ? userinfo : userinfo.substring(0, colon);
            String password = colon < 0 ? "" : userinfo.substring(colon + 1);
            return password.equals(MASK) || (password.isEmpty() && user.equals(MASK));
        }

        /** Whether this (stored) URL is shown as {@code shown}. */
        boolean showsAs(Url shown) {
            return scheme.equalsIgnoreCase(shown.scheme) && host.equalsIgnoreCase(shown.host)
                    && CredentialRedaction.userinfo(userinfo).equals(shown.userinfo);
        }
    }

    /** The payload as shown. */
    public static TaskPayload payload(TaskPayload payload) {
        if (payload instanceof ExecPayload exec) {
            return new ExecPayload(exec.argv(), exec.workDir(), values(exec.env()));
        }
        if (payload instanceof ShellPayload shell) {
            return new ShellPayload(shell.command(), shell.workDir(), values(shell.env()));
        }
        if (payload instanceof HttpPayload http) {
            return new HttpPayload(http.method(), URI.create(urls(http.url().toString())), values(http.headers()),
                    http.body(), http.acceptedStatuses(), http.redirects());
        }
        JavaPayload java = (JavaPayload) payload;
        return new JavaPayload(java.handler(), values(java.settings()));
    }

    /** The task as shown: its credentials masked, everything else as stored. */
    public static Task task(Task task) {
        TaskPayload payload = payload(task.payload());
        Map<String, String> params = values(task.params());
        if (payload.equals(task.payload()) && params.equals(task.params())) {
            return task;
        }
        return task.toBuilder().payload(payload).params(params).build();
    }
}
