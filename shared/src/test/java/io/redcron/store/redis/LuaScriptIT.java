package io.redcron.store.redis;

import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs on a private server: it flushes the script cache and reads command statistics. */
class LuaScriptIT {
    private static final List<LuaScript> ALL = List.of(LuaScripts.RENEW_LEASE, LuaScripts.RELEASE_LEASE,
            LuaScripts.DISPATCH, LuaScripts.PROMOTE_DELAYED);

    @TempDir
    static Path tmp;

    private static EmbeddedRedis server;
    private static RedisClient redis;

    @BeforeAll
    static void startServer() {
        server = TestRedis.startPrivate(tmp, false);
        redis = RedisClient.create(server.uri());
    }

    @AfterAll
    static void stopServer() {
        redis.close();
        server.stop();
    }

    @BeforeEach
    void forgetScriptsAndStatistics() {
        redis.scriptFlush();
        redis.sendCommand(Protocol.Command.CONFIG, "RESETSTAT");
    }

    @Test
    void theShaWeCallByIsTheOneRedisGivesEachScript() throws IOException {
        for (LuaScript script : ALL) {
            assertThat(redis.scriptLoad(source(script))).as(script.name()).isEqualTo(script.sha());
        }
    }

    @Test
    void afterTheFirstCallAScriptRunsByItsShaAlone() {
        redis.set("lease", "me");

        for (int i = 0; i < 3; i++) {
            assertThat(LuaScripts.RENEW_LEASE.eval(redis, List.of("lease"), List.of("me", "60000"))).isEqualTo(1L);
        }

        assertThat(calls("evalsha")).isEqualTo(3);
        assertThat(calls("eval")).isEqualTo(1); // the first EVALSHA hit NOSCRIPT and loaded it
        assertThat(redis.scriptExists(LuaScripts.RENEW_LEASE.sha(), "lease")).isTrue();
    }

    @Test
    void aFlushedScriptCacheCostsOneFallbackAndNothingElse() {
        redis.set("lease", "me");
        LuaScripts.RENEW_LEASE.eval(redis, List.of("lease"), List.of("me", "60000"));

        redis.scriptFlush();
        redis.sendCommand(Protocol.Command.CONFIG, "RESETSTAT");

        assertThat(LuaScripts.RENEW_LEASE.eval(redis, List.of("lease"), List.of("me", "90000"))).isEqualTo(1L);
        assertThat(redis.pttl("lease")).isGreaterThan(60_000);
        assertThat(LuaScripts.RENEW_LEASE.eval(redis, List.of("lease"), List.of("other", "90000"))).isEqualTo(0L);
        assertThat(calls("eval")).isEqualTo(1);
        assertThat(calls("evalsha")).isEqualTo(2);
    }

    private static long calls(String command) {
        Matcher matcher = Pattern.compile("(?m)^cmdstat_" + command + ":calls=(\\d+)").matcher(redis.info("commandstats"));
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    private static String source(LuaScript script) throws IOException {
        try (InputStream in = LuaScript.class.getResourceAsStream("/redis/" + script.name() + ".lua")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
