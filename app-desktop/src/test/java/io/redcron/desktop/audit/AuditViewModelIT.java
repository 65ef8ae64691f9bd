package io.redcron.desktop.audit;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** The audit screen's view-model on real stores, with work run synchronously. */
class AuditViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static Session session;

    @BeforeAll
    static void open() {
        MysqlConfig db = mysql.config();
        session = new SessionFactory("alice@desktop", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                db.jdbcUrl(), db.user(), TestRedis.freshNamespace()), db.password(), Secret.NONE);
    }

    @AfterAll
    static void close() {
        session.close();
    }

    @Test
    void aStateRecordedWithCredentialsInTheClearIsShownMasked() {
        // As rows written before task states were stored masked hold them.
        session.audit("task.update", "task:1",
                "{\"payload\":{\"url\":\"https://svc:url-secret@api.example.com\",\"headers\":{\"Authorization\":\"Bearer old\"}}}",
                "{\"payload\":{\"env\":{\"DB_PASSWORD\":\"s3cret\",\"MODE\":\"full\"}}}");
        AuditViewModel model = new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), new io.redcron.desktop.ui.Messages(java.util.Locale.ENGLISH)).audit();
        model.load();

        model.selectedProperty().set(model.entries().get(0));

        assertThat(model.beforeProperty().get()).doesNotContain("url-secret", "Bearer old")
                .contains("https://svc:******@api.example.com", "\"Authorization\":\"******\"");
        assertThat(model.afterProperty().get()).doesNotContain("s3cret")
                .contains("\"DB_PASSWORD\":\"******\"", "\"MODE\":\"full\"");
    }
}
