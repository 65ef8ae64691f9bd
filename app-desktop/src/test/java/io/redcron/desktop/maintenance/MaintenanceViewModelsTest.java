package io.redcron.desktop.maintenance;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The banner and the Pause dialog on in-memory stores, the UI executor running everything at once. */
class MaintenanceViewModelsTest {
    private static final Instant NOW = Instant.parse("2026-12-03T14:00:00Z");
    private static final String NAMESPACE = "prod-eu";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final Messages messages = new Messages(Locale.ENGLISH, new TimeDisplay(TimeDisplay.Mode.UTC, ZoneOffset.UTC));
    private String shown = NAMESPACE;
    private final MaintenanceBannerViewModel banner = new MaintenanceBannerViewModel(stores.windows(), () -> shown,
            "bob@desktop", clock, UiExecutor.direct(), messages);
    private final PauseViewModel pause = new PauseViewModel(stores.windows(), stores.tasks(),
            new Workspace(NAMESPACE, "bob@desktop", clock), UiExecutor.direct(), messages);

    private MaintenanceWindow open(String group, Instant from, Instant until) {
        return stores.windows().open(NAMESPACE, new MaintenanceWindow.Request(group, from, until, MisfirePolicy.SKIP,
                "GPU driver upgrade"), "alice");
    }

    @Test
    void theBannerListsTheWindowsNotOverAndResumingOneTakesItAway() {
        MaintenanceWindow gpu = open("gpu", null, NOW.plus(Duration.ofHours(4)));
        MaintenanceWindow later = open(null, NOW.plus(Duration.ofHours(8)), NOW.plus(Duration.ofHours(12)));

        banner.load();

        assertThat(banner.lines()).extracting(BannerLine::text).containsExactly(
                "Paused: group gpu until 18:00 \u2014 GPU driver upgrade (window 1, by alice); held fires will be skipped",
                "Planned: namespace prod-eu pauses 22:00\u20132026-12-04 02:00 \u2014 GPU driver upgrade (window 2, by alice);"
                        + " held fires will be skipped");
        assertThat(banner.action(banner.lines().get(0))).isEqualTo("Resume");
        assertThat(banner.action(banner.lines().get(1))).isEqualTo("Call off");
        DialogService.Confirmation question = banner.confirmation(banner.lines().get(0));
        assertThat(question.text()).isEqualTo("Resume window 1 over group gpu now? Its fires are no longer held, and those"
                + " it held are recorded within a second or two: held fires will be skipped.");

        banner.resume(banner.lines().get(0));

        assertThat(banner.lines()).extracting(BannerLine::windowId).containsExactly(later.id());
        assertThat(stores.windows().get(NAMESPACE, gpu.id()).orElseThrow().resumedBy()).isEqualTo("bob@desktop");
        assertThat(banner.errorProperty().get()).isEmpty();
    }

    @Test
    void aWindowOverMeanwhileIsSaidSoAndAnotherNamespaceShowsItsOwn() {
        open("gpu", null, NOW.plus(Duration.ofMinutes(30)));
        banner.load();
        BannerLine line = banner.lines().get(0);
        clock.advance(Duration.ofHours(1));

        banner.resume(line);

        assertThat(banner.errorProperty().get()).isEqualTo("Window 1 was over already.");
        assertThat(banner.lines()).isEmpty();
        banner.dismissError();
        assertThat(banner.errorProperty().get()).isEmpty();

        open(null, null, null);
        shown = "other";
        banner.load();
        assertThat(banner.lines()).isEmpty();
    }

    @Test
    void pauseOpensAGroupWindowWithThePolicyChosenAndOffersTheGroupsInUse() {
        stores.tasks().create(Task.builder().namespace(NAMESPACE).name("render").cron("0 3 * * *").group("gpu")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("render.sh", null, Map.of()))
                .build(), "alice");
        pause.load();
        assertThat(pause.groups()).containsExactly("gpu");
        pause.wholeNamespaceProperty().set(false);
        pause.groupProperty().set("gpu");
        pause.endProperty().set(PauseEnd.AFTER);
        pause.lengthProperty().set("2h");
        pause.onResumeProperty().set(MisfirePolicy.CATCH_UP);
        pause.reasonProperty().set("GPU driver upgrade");
        List<MaintenanceWindow> opened = new ArrayList<>();

        assertThat(pause.pause(opened::add)).isTrue();

        assertThat(opened).singleElement().satisfies(window -> {
            assertThat(window.group()).isEqualTo("gpu");
            assertThat(window.from()).isEqualTo(NOW);
            assertThat(window.until()).isEqualTo(NOW.plus(Duration.ofHours(2)));
            assertThat(window.onResume()).isEqualTo(MisfirePolicy.CATCH_UP);
            assertThat(window.createdBy()).isEqualTo("bob@desktop");
        });
        assertThat(stores.windows().current(NAMESPACE)).hasSize(1);
    }

    @Test
    void badInputIsShownAtItsFieldsAndOpensNothing() {
        pause.startNowProperty().set(false);
        pause.fromTimeProperty().set("16:00");
        pause.endProperty().set(PauseEnd.AT);
        pause.untilTimeProperty().set("15:00");
        List<MaintenanceWindow> opened = new ArrayList<>();

        assertThat(pause.pause(opened::add)).isFalse();

        assertThat(pause.errorProperty(PauseField.REASON).get()).isEqualTo("Reason: say why the fires are paused.");
        assertThat(pause.errorProperty(PauseField.UNTIL).get()).isEqualTo("End: must be after the start.");
        assertThat(pause.errorProperty(PauseField.FROM).get()).isEmpty();
        assertThat(opened).isEmpty();
        assertThat(stores.windows().recent(NAMESPACE, 10)).isEmpty();

        pause.reasonProperty().set("ok");
        pause.untilTimeProperty().set("17:00");
        assertThat(pause.pause(opened::add)).isTrue();
        assertThat(pause.errorProperty(PauseField.REASON).get()).isEmpty();
        assertThat(opened).hasSize(1);
    }
}
