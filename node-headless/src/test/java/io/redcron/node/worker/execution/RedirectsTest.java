package io.redcron.node.worker.execution;

import io.redcron.domain.RedirectPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class RedirectsTest {
    private static final HttpHop POST = new HttpHop(URI.create("https://api.example.com/v1/jobs"), "POST", "{\"a\":1}", true);

    @Test
    void onlyTheFiveRedirectStatusesAreRedirects() {
        assertThat(java.util.stream.IntStream.rangeClosed(300, 399).filter(Redirects::isRedirect).boxed().toList())
                .containsExactly(301, 302, 303, 307, 308);
    }

    @Test
    void noneFollowsNothingAndSaysWhereItPointed() {
        Redirects.Decision decision = Redirects.decide(RedirectPolicy.NONE, POST, 302, "https://other.example/x?token=1", 0);

        assertThat(decision.followed()).isFalse();
        assertThat(decision.refusal()).isEqualTo("redirected (302) to https://other.example; not followed (redirects: none)");
    }

    @Test
    void sameOriginFollowsOnlyTheSameSchemeHostAndPort() {
        assertThat(Redirects.decide(RedirectPolicy.SAME_ORIGIN, POST, 307, "/v2/jobs", 0).next())
                .isEqualTo(new HttpHop(URI.create("https://api.example.com/v2/jobs"), "POST", "{\"a\":1}", true));
        assertThat(Redirects.decide(RedirectPolicy.SAME_ORIGIN, POST, 301, "https://API.example.com:443/x", 0).followed())
                .isTrue();
        assertThat(Redirects.decide(RedirectPolicy.SAME_ORIGIN, POST, 302, "http://api.example.com/x", 0).refusal())
                .isEqualTo("redirected (302) to http://api.example.com; not followed (redirects: same-origin)");
        assertThat(Redirects.decide(RedirectPolicy.SAME_ORIGIN, POST, 302, "https://api.example.com:8443/x", 0).refusal())
                .isEqualTo("redirected (302) to https://api.example.com:8443; not followed (redirects: same-origin)");
        assertThat(Redirects.decide(RedirectPolicy.SAME_ORIGIN, POST, 302, "https://other.example/", 0).refusal())
                .isEqualTo("redirected (302) to https://other.example; not followed (redirects: same-origin)");
    }

    @ParameterizedTest
    @CsvSource({"301, GET, ''", "302, GET, ''", "303, GET, ''", "307, POST, '{\"a\":1}'", "308, POST, '{\"a\":1}'"})
    void withinTheOriginTheStatusDecidesMethodAndBody(int status, String method, String body) {
        HttpHop next = Redirects.decide(RedirectPolicy.ANY, POST, status, "/elsewhere", 0).next();

        assertThat(next).isEqualTo(new HttpHop(URI.create("https://api.example.com/elsewhere"), method, body, true));
    }

    @Test
    void aRelativeLocationIsResolvedAgainstTheRequest() {
        HttpHop bare = new HttpHop(URI.create("https://api.example.com"), "GET", "", true);

        assertThat(Redirects.decide(RedirectPolicy.ANY, bare, 302, "login", 0).next().url())
                .isEqualTo(URI.create("https://api.example.com/login"));
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "../v2/jobs?page=2", 0).next().url())
                .isEqualTo(URI.create("https://api.example.com/v2/jobs?page=2"));
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "//other.example/x", 0).next().url())
                .isEqualTo(URI.create("https://other.example/x"));
    }

    @Test
    void headStaysHead() {
        HttpHop head = new HttpHop(URI.create("https://api.example.com/"), "HEAD", "", true);

        assertThat(Redirects.decide(RedirectPolicy.ANY, head, 303, "/x", 0).next().method()).isEqualTo("HEAD");
    }

    @ParameterizedTest
    @CsvSource({"302, GET", "307, POST", "308, POST"})
    void anotherOriginGetsNeitherTheTasksHeadersNorItsBody(int status, String method) {
        HttpHop next = Redirects.decide(RedirectPolicy.ANY, POST, status, "https://other.example/in", 0).next();

        assertThat(next).isEqualTo(new HttpHop(URI.create("https://other.example/in"), method, "", false));
    }

    @Test
    void headersOnceLeftBehindStayBehindEvenBackAtTheFirstOrigin() {
        HttpHop away = Redirects.decide(RedirectPolicy.ANY, POST, 307, "https://other.example/in", 0).next();
        HttpHop back = Redirects.decide(RedirectPolicy.ANY, away, 307, "https://api.example.com/v1/jobs", 1).next();

        assertThat(back).isEqualTo(new HttpHop(URI.create("https://api.example.com/v1/jobs"), "POST", "", false));
    }

    @Test
    void atMostFiveRedirectsAreFollowed() {
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "/again", Redirects.MAX_HOPS - 1).followed()).isTrue();
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "/again", Redirects.MAX_HOPS).refusal())
                .isEqualTo("redirected (302) to https://api.example.com; not followed: more than 5 redirects");
    }

    @Test
    void aLocationThatIsNoHttpUrlIsNotFollowed() {
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "file:///etc/passwd", 0).refusal())
                .isEqualTo("redirected (302) to a file: URL; not followed");
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "gopher://127.0.0.1:6379/_FLUSHALL", 0).refusal())
                .isEqualTo("redirected (302) to a gopher: URL; not followed");
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "http://exa mple.com/", 0).refusal())
                .isEqualTo("redirected (302) to a Location that is not a URL; not followed");
        assertThat(Redirects.decide(RedirectPolicy.ANY, POST, 302, "http:///nohost", 0).refusal())
                .isEqualTo("redirected (302) to a URL without a host; not followed");
    }
}
