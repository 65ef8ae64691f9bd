package io.redcron.desktop.runs;

import io.redcron.desktop.ui.DialogService;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.stage.Window;

import java.util.List;

import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds a run's output window to its view-model; closing the window stops following the run. */
final class RunOutputController {
    private final RunOutputViewModel model;
    private final DialogService dialogs;
    private FollowingList following;

    @FXML private BorderPane root;
    @FXML private Label state;
    @FXML private ToggleButton follow;
    @FXML private ToggleButton wrap;
    @FXML private TextField search;
    @FXML private Button previousMatch;
    @FXML private Button nextMatch;
    @FXML private Label matchCount;
    @FXML private ListView<String> lines;
    @FXML private Label notice;
    @FXML private Label error;

    RunOutputController(RunOutputViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
    }

    @FXML
    private void initialize() {
        state.textProperty().bind(model.stateProperty());
        notice.textProperty().bind(model.noticeProperty());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(notice);
        showOnlyWithText(error);
        matchCount.textProperty().bind(model.matchCountProperty());
        search.textProperty().bindBidirectional(model.queryProperty());
        search.setOnAction(e -> model.nextMatch());
        previousMatch.disableProperty().bind(model.matchProperty().isNull());
        nextMatch.disableProperty().bind(model.matchProperty().isNull());
        follow.selectedProperty().bindBidirectional(model.followingProperty());
        follow.disableProperty().bind(model.liveProperty().not());
        wrap.selectedProperty().bindBidirectional(model.wrapProperty());
        bindLines();
        stopWhenClosed();
    }

    private void bindLines() {
        lines.setItems(model.lines());
        lines.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        lines.setCellFactory(list -> new OutputLineCell(model.wrapProperty()));
        model.wrapProperty().addListener(o -> lines.refresh());
        following = FollowingList.of(lines, model::scrolled);
        model.lines().addListener((ListChangeListener<String>) change -> {
            if (model.followingProperty().get()) {
                following.toEndSoon(model.followingProperty()::get);
            }
        });
        model.followingProperty().addListener((o, was, now) -> {
            if (now) {
                following.toEnd();
            }
        });
        model.matchProperty().addListener((o, old, match) -> {
            if (match != null) {
                lines.getSelectionModel().clearAndSelect(match.line());
                lines.scrollTo(Math.max(0, match.line() - 3));
            }
        });
    }

    /** The window going away ends following: no reads for a window nobody sees. */
    private void stopWhenClosed() {
        root.sceneProperty().flatMap(Scene::windowProperty).flatMap(Window::showingProperty)
                .addListener((o, was, showing) -> {
                    if (Boolean.TRUE.equals(was) && !Boolean.TRUE.equals(showing)) {
                        model.close();
                    }
                });
    }

    @FXML
    private void onNextMatch() {
        model.nextMatch();
    }

    @FXML
    private void onPreviousMatch() {
        model.previousMatch();
    }

    @FXML
    private void onCopy() {
        ClipboardContent content = new ClipboardContent();
        content.putString(model.textToCopy(List.copyOf(lines.getSelectionModel().getSelectedIndices())));
        Clipboard.getSystemClipboard().setContent(content);
    }

    @FXML
    private void onSave() {
        dialogs.chooseFileToSave(model.saveTitle(), model.suggestedFileName()).ifPresent(model::saveTo);
    }
}
