package io.redcron.desktop.connect;

import io.redcron.config.SandboxConnection;
import io.redcron.config.Secret;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The connection screen's checks that need no store: they stop a profile before anything connects. */
class ConnectViewModelTest {
    @TempDir
    Path home;

    private final List<Session> connected = new ArrayList<>();
    private ProfileRepository repository;

    private final SandboxConnection sandbox = new SandboxConnection("redis://127.0.0.1:6390", Secret.of("redis-pw"),
            "jdbc:mysql://127.0.0.1:3316/redcron", "redcron", Secret.of("db-pw"), Path.of("/home/ada/.redcron/sandbox"),
            ProcessHandle.current().pid(), Instant.now());

    private ConnectViewModel model(Locale locale) {
        return model(locale, Optional.empty());
    }

    private ConnectViewModel model(Locale locale, Optional<SandboxConnection> running) {
        repository = new ProfileRepository(home.resolve("profiles.json"));
        ConnectViewModel model = new ConnectViewModel(new SessionFactory("tester", Clock.systemUTC()), repository,
                () -> running, UiExecutor.direct(), new Messages(locale), connected::add);
        model.nameProperty().set("prod");
        return model;
    }

    @Test
    void aRedisUriWithAPasswordIsRefusedNamingTheFieldWithoutRepeatingIt() {
        for (String uri : List.of("redis://app:hunter2@127.0.0.1:1", "redis://:hunter2@127.0.0.1:1",
                "redis-sentinel://app:hunter2@127.0.0.1:1/primary")) {
            ConnectViewModel model = model(Locale.ENGLISH);
            model.redisUriProperty().set(uri);
            model.redisPasswordProperty().set("typed-apart");

            model.connect();

            assertThat(model.errorProperty().get()).as(uri)
                    .isEqualTo("Redis URI: must not carry a password; type it in the Redis password field.");
            assertThat(connected).isEmpty();
            assertThat(repository.load()).as("nothing saved").isEmpty();
            assertThat(model.busyProperty().get()).isFalse();
        }
    }

    @Test
    void testingTheConnectionRefusesItTooAndInChinese() {
        ConnectViewModel model = model(Locale.SIMPLIFIED_CHINESE);
        model.redisUriProperty().set("redis://app:hunter2@127.0.0.1:1");

        model.test();

        assertThat(model.errorProperty().get()).startsWith("Redis 地址").contains("Redis 密码")
                .doesNotContain("hunter2");
        assertThat(model.redisVerdictProperty().get()).isEmpty();
    }

    @Test
    void aRedisUserWithAnEmptyPasswordFieldIsRefused() {
        ConnectViewModel model = model(Locale.ENGLISH);
        model.redisUriProperty().set("redis://hunter2@127.0.0.1:1");

        model.connect();

        assertThat(model.errorProperty().get())
                .isEqualTo("Redis URI: names a user, but the Redis password field is empty.");
        assertThat(connected).isEmpty();
    }

    @Test
    void aJdbcUrlWithAPasswordIsRefusedNamingTheFieldWithoutRepeatingIt() {
        for (String url : List.of("jdbc:mysql://127.0.0.1:1/redcron?password=hunter2",
                "jdbc:mysql://redcron:hunter2@127.0.0.1:1/redcron")) {
            ConnectViewModel model = model(Locale.ENGLISH);
            model.jdbcUrlProperty().set(url);

            model.connect();

            assertThat(model.errorProperty().get()).as(url).isEqualTo(
                    "Database (JDBC URL): must not carry a password; type it in the Database password field.");
            assertThat(connected).isEmpty();
        }
    }

    @Test
    void theSandboxIsUsedWithThePasswordsOfItsConnectionFile() {
        ConnectViewModel model = model(Locale.ENGLISH, Optional.of(sandbox));
        model.refresh();

        model.useSandbox();

        assertThat(model.redisUriProperty().get()).isEqualTo("redis://127.0.0.1:6390");
        assertThat(model.userProperty().get()).isEqualTo("redcron");
        assertThat(model.redisPasswordProperty().get()).isEqualTo("redis-pw");
        assertThat(model.dbPasswordProperty().get()).isEqualTo("db-pw");
    }

    @Test
    void aSavedProfileOfTheRunningSandboxGetsItsCurrentPasswordsAndAnotherDoesNot() {
        ConnectViewModel model = model(Locale.ENGLISH, Optional.of(sandbox));
        model.refresh();

        model.use(new ConnectionProfile("elsewhere", "redis://10.0.0.1:6379", sandbox.jdbcUrl(), "redcron", "default"));
        assertThat(model.redisPasswordProperty().get()).isEmpty();
        model.use(new ConnectionProfile("Sandbox", sandbox.redisUri(), sandbox.jdbcUrl(), "redcron", "default"));
        assertThat(model.redisPasswordProperty().get()).isEqualTo("redis-pw");
        assertThat(model.dbPasswordProperty().get()).isEqualTo("db-pw");
    }
}
