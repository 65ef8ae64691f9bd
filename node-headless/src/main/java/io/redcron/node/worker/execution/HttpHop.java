package io.redcron.node.worker.execution;

import io.redcron.domain.HttpPayload;

import java.net.URI;
import java.util.Locale;

/**
 * One request of an {@code http} run: the task's own, or one a redirect led to.
 *
 * @param body             empty for none
 * @param withTaskHeaders  whether the task's headers go along; false once a redirect left the
 *                         task's origin, and from then on
 */
record HttpHop(URI url, String method, String body, boolean withTaskHeaders) {

    static HttpHop first(HttpPayload payload) {
        return new HttpHop(payload.url(), payload.method(), payload.body(), true);
    }

    Origin origin() {
        return Origin.of(url);
    }

    /** Scheme, host and port: what a browser would call one site. */
    record Origin(String scheme, String host, int port) {
        static Origin of(URI url) {
            String scheme = url.getScheme().toLowerCase(Locale.ROOT);
            int port = url.getPort() != -1 ? url.getPort() : defaultPort(scheme);
            return new Origin(scheme, UrlGuard.host(url).toLowerCase(Locale.ROOT), port);
        }

        private static int defaultPort(String scheme) {
            return "https".equals(scheme) ? 443 : 80;
        }

        @Override
        public String toString() {
            String name = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
            return scheme + "://" + name + (port == defaultPort(scheme) ? "" : ":" + port);
        }
    }
}
