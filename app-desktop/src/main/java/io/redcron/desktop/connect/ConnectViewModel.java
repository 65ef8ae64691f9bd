package io.redcron.desktop.connect;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.SandboxConnection;
import io.redcron.config.Secret;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The connection screen: a profile being edited, the saved profiles, the running sandbox if any,
 * and the verdict of the last check per store. Store calls go through the {@link UiExecutor}.
 */
public final class ConnectViewModel {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty redisUri = new SimpleStringProperty("redis://127.0.0.1:6379");
    private final StringProperty jdbcUrl = new SimpleStringProperty("jdbc:mysql://127.0.0.1:3306/redcron");
    private final StringProperty user = new SimpleStringProperty("redcron");
    private final StringProperty namespace = new SimpleStringProperty("default");
    private final StringProperty dbPassword = new SimpleStringProperty("");
    private final StringProperty redisPassword = new SimpleStringProperty("");
    private final StringProperty redisVerdict = new SimpleStringProperty("");
    private final StringProperty mysqlVerdict = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final ObjectProperty<SandboxConnection> sandbox = new SimpleObjectProperty<>();
    private final ObservableList<ConnectionProfile> profiles = FXCollections.observableArrayList();

    private final SessionFactory sessions;
    private final ProfileRepository repository;
    private final Supplier<Optional<SandboxConnection>> sandboxFinder;
    private final UiExecutor executor;
    private final Messages messages;
    private final Consumer<Session> onConnected;

    public ConnectViewModel(SessionFactory sessions, ProfileRepository repository,
                            Supplier<Optional<SandboxConnection>> sandboxFinder, UiExecutor executor, Messages messages,
                            Consumer<Session> onConnected) {
        this.sessions = sessions;
        this.repository = repository;
        this.sandboxFinder = sandboxFinder;
        this.executor = executor;
        this.messages = messages;
        this.onConnected = onConnected;
    }

    /** Loads the saved profiles and looks for a running sandbox. */
    public void refresh() {
        executor.submit(() -> new Found(repository.load(), sandboxFinder.get().orElse(null)), found -> {
            profiles.setAll(found.profiles);
            sandbox.set(found.sandbox);
            if (!found.profiles.isEmpty() && name.get().isEmpty()) {
                use(found.profiles.get(0));
            }
        }, this::fail);
    }

    private record Found(java.util.List<ConnectionProfile> profiles, SandboxConnection sandbox) {
    }

    /**
     * Fills the form from a profile; one that points at the running sandbox gets the passwords of
     * its connection file, which change at every start of the sandbox.
     */
    public void use(ConnectionProfile profile) {
        name.set(profile.name());
        redisUri.set(profile.redisUri());
        jdbcUrl.set(profile.jdbcUrl());
        user.set(profile.user());
        namespace.set(profile.namespace());
        SandboxConnection running = sandbox.get();
        if (running != null && profile.redisUri().equals(running.redisUri())
                && profile.jdbcUrl().equals(running.jdbcUrl()) && profile.user().equals(running.dbUser())) {
            redisPassword.set(running.redisPassword().reveal());
            dbPassword.set(running.dbPassword().reveal());
        }
    }

    public void useSandbox() {
        if (sandbox.get() != null) {
            use(ConnectionProfile.sandbox(sandbox.get()));
        }
    }

    public void test() {
        ConnectionProfile profile = profile();
        if (refused(profile)) {
            return;
        }
        busy.set(true);
        error.set("");
        executor.submit(() -> sessions.check(profile, Secret.of(dbPassword.get()), Secret.of(redisPassword.get())),
                check -> {
                    busy.set(false);
                    redisVerdict.set(verdict(check.redis()));
                    mysqlVerdict.set(verdict(check.mysql()));
                }, this::fail);
    }

    public void connect() {
        ConnectionProfile profile = profile();
        if (profile.name().isBlank()) {
            error.set(messages.get("connect.error.name"));
            return;
        }
        if (refused(profile)) {
            return;
        }
        busy.set(true);
        error.set("");
        executor.submit(() -> {
            Session session = sessions.open(profile, Secret.of(dbPassword.get()), Secret.of(redisPassword.get()));
            repository.remember(profile);
            return session;
        }, session -> {
            busy.set(false);
            onConnected.accept(session);
        }, this::fail);
    }

    ConnectionProfile profile() {
        return new ConnectionProfile(name.get().trim(), redisUri.get().trim(), jdbcUrl.get().trim(), user.get().trim(),
                namespace.get().trim());
    }

    /**
     * A password typed into a URL would be saved with the profile and shown in messages; it belongs
     * in its password field, which is kept in memory only. The refusal never repeats the URL.
     */
    private boolean refused(ConnectionProfile profile) {
        String problem = null;
        if (RedisConfig.carriesPassword(profile.redisUri())) {
            problem = "connect.error.redisUriPassword";
        } else if (RedisConfig.namesUser(profile.redisUri()) && redisPassword.get().isEmpty()) {
            problem = "connect.error.redisUserWithoutPassword";
        } else if (MysqlConfig.carriesPassword(profile.jdbcUrl())) {
            problem = "connect.error.jdbcUrlPassword";
        }
        if (problem != null) {
            error.set(messages.get(problem));
        }
        return problem != null;
    }

    private String verdict(SessionFactory.Verdict verdict) {
        return (verdict.ok() ? "✔ " : "✘ ") + verdict.message();
    }

    private void fail(Throwable e) {
        busy.set(false);
        error.set(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }

    public StringProperty nameProperty() { return name; }
    public StringProperty redisUriProperty() { return redisUri; }
    public StringProperty jdbcUrlProperty() { return jdbcUrl; }
    public StringProperty userProperty() { return user; }
    public StringProperty namespaceProperty() { return namespace; }
    public StringProperty dbPasswordProperty() { return dbPassword; }
    public StringProperty redisPasswordProperty() { return redisPassword; }
    public StringProperty redisVerdictProperty() { return redisVerdict; }
    public StringProperty mysqlVerdictProperty() { return mysqlVerdict; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
    public ObjectProperty<SandboxConnection> sandboxProperty() { return sandbox; }
    public ObservableList<ConnectionProfile> profiles() { return profiles; }
}
