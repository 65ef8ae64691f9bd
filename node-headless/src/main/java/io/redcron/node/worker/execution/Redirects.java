package io.redcron.node.worker.execution;

import io.redcron.domain.RedirectPolicy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides whether a redirect is followed and what the next request is, by the task's
 * {@link RedirectPolicy}. Pure: whether the node lets the next URL be reached at all is the
 * {@link UrlGuard}'s question, asked for every hop.
 *
 * <p>301, 302 and 303 turn the request into a GET without a body (HEAD stays HEAD); 307 and 308
 * repeat it. Once a redirect leaves the task's origin, the task's own headers (but
 * {@link HttpExecutor#HARMLESS_HEADERS the harmless ones}) and its body stay behind, for every
 * later hop too: a redirect back does not hand them to whoever chose it.
 */
final class Redirects {
    /** Redirects followed at most in one run. */
    static final int MAX_HOPS = 5;

    private Redirects() {
    }

    /** Either the next request, or why there is none (a line for the run's error). */
    record Decision(HttpHop next, String refusal) {
        static Decision follow(HttpHop next) {
            return new Decision(next, null);
        }

        static Decision refuse(String why) {
            return new Decision(null, why);
        }

        boolean followed() {
            return next != null;
        }
    }

    /** The statuses that name the next URL in {@code Location}; other 3xx are answers like any. */
    static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** {@link URI#resolve} glues a relative reference straight onto a base without a path ({@code http://h} + {@code x}). */
    private static URI base(URI url) {
        return url.getRawPath() == null || url.getRawPath().isEmpty() ? url.resolve("/") : url;
    }

    /**
     * @param hop       the request that was answered with a redirect
     * @param followed  redirects followed before this one
     */
    static Decision decide(RedirectPolicy policy, HttpHop hop, int status, String location, int followed) {
        URI target;
        try {
            target = base(hop.url()).resolve(new URI(location.trim()));
        } catch (URISyntaxException e) {
            return Decision.refuse("redirected (" + status + ") to a Location that is not a URL; not followed");
        }
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Decision.refuse("redirected (" + status + ") to a " + (scheme.isEmpty() ? "URL without a scheme" : scheme + ": URL")
                    + "; not followed");
        }
        if (UrlGuard.host(target).isEmpty()) {
            return Decision.refuse("redirected (" + status + ") to a URL without a host; not followed");
        }
        HttpHop.Origin from = hop.origin();
        HttpHop.Origin to = HttpHop.Origin.of(target);
        String notFollowed = "redirected (" + status + ") to " + to + "; not followed (redirects: " + policy.id() + ")";
        if (policy == RedirectPolicy.NONE || policy == RedirectPolicy.SAME_ORIGIN && !to.equals(from)) {
            return Decision.refuse(notFollowed);
        }
        if (followed >= MAX_HOPS) {
            return Decision.refuse("redirected (" + status + ") to " + to + "; not followed: more than " + MAX_HOPS
                    + " redirects");
        }
        boolean sameOrigin = to.equals(from);
        boolean repeat = status == 307 || status == 308;
        String method = repeat || hop.method().equals("HEAD") ? hop.method() : "GET";
        boolean withTaskHeaders = hop.withTaskHeaders() && sameOrigin;
        String body = repeat && withTaskHeaders ? hop.body() : "";
        return Decision.follow(new HttpHop(target, method, body, withTaskHeaders));
    }
}
