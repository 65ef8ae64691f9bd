package io.redcron.desktop.ui;

import javafx.scene.Parent;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Every question, message and secondary window the desktop shows goes through here, so that
 * controllers never build a dialog themselves and view tests can script the operator's answers.
 * The controller factory hands each controller the app's one instance.
 */
public interface DialogService {

    /** Asks a question; true only if the operator chose the confirming answer. */
    boolean confirm(Confirmation question);

    /**
     * Asks for a line of text (a note, a reason); empty when the operator cancelled. An empty line
     * answered is an answer: the text may be optional.
     */
    Optional<String> askText(TextQuestion question);

    /** Shows a message the operator only acknowledges. */
    void inform(Information message);

    /**
     * Shows a view in a window of its own, modal over the focused one, without waiting for it;
     * the view closes it through the handle when it is done.
     */
    DialogWindow open(String title, Parent content);

    /**
     * Shows a view in a window of its own beside the main one, which stays usable (a viewer the
     * operator keeps open while working: a run's output).
     */
    DialogWindow openBeside(String title, Parent content);

    /**
     * Asks where to save a file, offering {@code suggestedName}; empty when the operator chose none.
     * Nothing is written here: the caller writes the file off the JavaFX thread.
     */
    Optional<Path> chooseFileToSave(String title, String suggestedName);

    /**
     * Asks for a file to read, offering {@code patterns} such as {@code *.ics}; empty when the
     * operator chose none. Nothing is read here: the caller reads it off the JavaFX thread.
     */
    Optional<Path> chooseFileToOpen(String title, List<String> patterns);

    /**
     * A yes-or-no question. {@code yes} and {@code no} label the answers; null gives the toolkit's
     * own OK and Cancel.
     */
    record Confirmation(String title, String header, String text, String yes, String no) {
        public static Confirmation of(String title, String text) {
            return new Confirmation(title, null, text, null, null);
        }

        public Confirmation withHeader(String header) {
            return new Confirmation(title, header, text, yes, no);
        }

        public Confirmation withAnswers(String yes, String no) {
            return new Confirmation(title, header, text, yes, no);
        }
    }

    /**
     * A question answered with a line of text: {@code prompt} labels the field, {@code yes} the
     * confirming answer (null for the toolkit's OK).
     */
    record TextQuestion(String title, String header, String prompt, String yes) {
    }

    /** A message with a title, a headline and a text. */
    record Information(String title, String header, String text) {
    }

    /** A window opened by {@link #open}. */
    interface DialogWindow {
        boolean isShowing();

        /** Brings the window to the front. */
        void toFront();

        /** Grows or shrinks the window to its content, as rows and error lines come and go. */
        void fitToContent();

        void close();
    }
}
