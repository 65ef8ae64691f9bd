package io.redcron.desktop.ui;

import javafx.scene.Parent;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The dialogs of a view test: records every question and message, answers questions from a
 * script (no answer scripted is an error, so a test cannot miss a question it did not expect),
 * and opens views into a list instead of windows.
 */
public final class ScriptedDialogs implements DialogService {
    private final Deque<Boolean> answers = new ArrayDeque<>();
    private final List<Confirmation> questions = new ArrayList<>();
    private final List<Information> messages = new ArrayList<>();
    private final List<Opened> opened = new ArrayList<>();
    private final Deque<Optional<Path>> files = new ArrayDeque<>();
    private final List<String> fileQuestions = new ArrayList<>();
    private final Deque<Optional<String>> texts = new ArrayDeque<>();
    private final List<TextQuestion> textQuestions = new ArrayList<>();

    /** The answers to the next questions, in order: true confirms. */
    public ScriptedDialogs answer(boolean... next) {
        for (boolean answer : next) {
            answers.add(answer);
        }
        return this;
    }

    /** The lines typed at the next text questions, in order; null stands for the operator cancelling. */
    public ScriptedDialogs answerText(String... next) {
        for (String text : next) {
            texts.add(Optional.ofNullable(text));
        }
        return this;
    }

    @Override
    public Optional<String> askText(TextQuestion question) {
        textQuestions.add(question);
        if (texts.isEmpty()) {
            throw new AssertionError("unexpected text question: " + question.header());
        }
        return texts.poll();
    }

    public List<TextQuestion> textQuestions() {
        return textQuestions;
    }

    /** The files chosen at the next "save as" questions, in order; null stands for the operator cancelling. */
    public ScriptedDialogs chooseFiles(Path... next) {
        for (Path file : next) {
            files.add(Optional.ofNullable(file));
        }
        return this;
    }

    @Override
    public Optional<Path> chooseFileToOpen(String title, List<String> patterns) {
        fileQuestions.add(title);
        if (files.isEmpty()) {
            throw new AssertionError("unexpected file question: " + title);
        }
        return files.poll();
    }

    @Override
    public Optional<Path> chooseFileToSave(String title, String suggestedName) {
        fileQuestions.add(suggestedName);
        if (files.isEmpty()) {
            throw new AssertionError("unexpected file question: " + title);
        }
        return files.poll();
    }

    /** The file names offered at each "save as" question so far. */
    public List<String> suggestedFileNames() {
        return fileQuestions;
    }

    @Override
    public boolean confirm(Confirmation question) {
        questions.add(question);
        if (answers.isEmpty()) {
            throw new AssertionError("unexpected question: " + question.text());
        }
        return answers.poll();
    }

    @Override
    public void inform(Information message) {
        messages.add(message);
    }

    @Override
    public DialogWindow open(String title, Parent content) {
        Opened window = new Opened(title, content);
        opened.add(window);
        return window;
    }

    @Override
    public DialogWindow openBeside(String title, Parent content) {
        return open(title, content);
    }

    public List<Confirmation> questions() {
        return questions;
    }

    public List<Information> messages() {
        return messages;
    }

    public List<Opened> opened() {
        return opened;
    }

    /** A view "shown" by {@link #open}: open until the view closes it. */
    public static final class Opened implements DialogWindow {
        private final String title;
        private final Parent content;
        private boolean showing = true;

        Opened(String title, Parent content) {
            this.title = title;
            this.content = content;
        }

        public String title() {
            return title;
        }

        public Parent content() {
            return content;
        }

        @Override
        public boolean isShowing() {
            return showing;
        }

        @Override
        public void toFront() {
        }

        @Override
        public void fitToContent() {
        }

        @Override
        public void close() {
            showing = false;
        }
    }
}
