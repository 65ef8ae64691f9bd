package io.redcron.desktop.ui;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The JavaFX dialogs, owned by the window the operator is working in. */
public final class FxDialogService implements DialogService {

    @Override
    public boolean confirm(Confirmation question) {
        ButtonType yes = question.yes() == null ? ButtonType.OK
                : new ButtonType(question.yes(), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = question.no() == null ? ButtonType.CANCEL
                : new ButtonType(question.no(), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question.text(), yes, no);
        if (question.title() != null) {
            alert.setTitle(question.title());
        }
        alert.setHeaderText(question.header());
        owner().ifPresent(alert::initOwner);
        return alert.showAndWait().filter(yes::equals).isPresent();
    }

    @Override
    public Optional<String> askText(TextQuestion question) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.setTitle(question.title());
        dialog.setHeaderText(question.header());
        dialog.setContentText(question.prompt());
        if (question.yes() != null) {
            ((Button) dialog.getDialogPane().lookupButton(ButtonType.OK)).setText(question.yes());
        }
        owner().ifPresent(dialog::initOwner);
        return dialog.showAndWait();
    }

    @Override
    public void inform(Information message) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.setTitle(message.title());
        alert.setHeaderText(message.header());
        alert.setContentText(message.text());
        owner().ifPresent(alert::initOwner);
        alert.showAndWait();
    }

    @Override
    public DialogWindow open(String title, Parent content) {
        return show(title, content, Modality.WINDOW_MODAL);
    }

    @Override
    public DialogWindow openBeside(String title, Parent content) {
        return show(title, content, Modality.NONE);
    }

    private DialogWindow show(String title, Parent content, Modality modality) {
        Stage stage = new Stage();
        owner().ifPresent(window -> {
            stage.initOwner(window);
            stage.initModality(modality);
        });
        stage.setTitle(title);
        stage.setScene(content.getScene() == null ? new Scene(content) : content.getScene());
        stage.show();
        return new DialogWindow() {
            @Override
            public boolean isShowing() {
                return stage.isShowing();
            }

            @Override
            public void toFront() {
                stage.toFront();
            }

            @Override
            public void fitToContent() {
                if (stage.isShowing()) {
                    stage.sizeToScene();
                }
            }

            @Override
            public void close() {
                stage.close();
            }
        };
    }

    @Override
    public Optional<Path> chooseFileToSave(String title, String suggestedName) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(suggestedName);
        File chosen = chooser.showSaveDialog(owner().orElse(null));
        return Optional.ofNullable(chosen).map(File::toPath);
    }

    @Override
    public Optional<Path> chooseFileToOpen(String title, List<String> patterns) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(String.join(", ", patterns), patterns));
        File chosen = chooser.showOpenDialog(owner().orElse(null));
        return Optional.ofNullable(chosen).map(File::toPath);
    }

    /** The focused window, where the operator just clicked; else any window that is showing. */
    private static Optional<Window> owner() {
        List<Window> showing = Window.getWindows().stream().filter(Window::isShowing).toList();
        return showing.stream().filter(Window::isFocused).findFirst().or(() -> showing.stream().findFirst());
    }
}
