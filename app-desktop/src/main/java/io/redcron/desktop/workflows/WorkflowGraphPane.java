package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.CubicCurve;
import javafx.scene.shape.Polygon;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Draws a {@link GraphLayout}: a box per step (its name and one line under it), an arrow per edge
 * coloured and labelled by its condition. {@link #decorate} changes a box's line, style and
 * tooltip in place, so a live view never rebuilds (and never moves) what is under the pointer.
 */
public final class WorkflowGraphPane extends Pane {
    private static final double ARROW = 7;

    private final List<VBox> boxes = new ArrayList<>();
    private final List<Label> lines = new ArrayList<>();
    private final List<Tooltip> tips = new ArrayList<>();
    private IntConsumer onStep = index -> { };
    private IntConsumer onOpen = index -> { };
    private int selected = -1;

    public WorkflowGraphPane() {
        getStyleClass().add("workflow-graph");
    }

    /** What a click on a step's box does (given the step's index). */
    public void setOnStep(IntConsumer action) {
        onStep = action;
    }

    /** What a double click on a step's box does, after the click's own action. */
    public void setOnStepOpened(IntConsumer action) {
        onOpen = action;
    }

    /** Draws {@code layout} afresh; {@code line} gives each box its second line. */
    public void show(GraphLayout.Layout layout, Messages messages, java.util.function.IntFunction<String> line) {
        getChildren().clear();
        boxes.clear();
        lines.clear();
        tips.clear();
        for (GraphLayout.Line edge : layout.lines()) {
            getChildren().addAll(edge(edge, messages));
        }
        for (GraphLayout.Box box : layout.boxes()) {
            Label name = new Label(box.name().isEmpty() ? "?" : box.name());
            name.getStyleClass().add("step-name");
            Label detail = new Label(line.apply(box.index()));
            detail.getStyleClass().add("step-line");
            VBox shape = new VBox(2, name, detail);
            shape.setId("wfStep" + box.index());
            shape.getStyleClass().add("wf-step");
            shape.setAlignment(Pos.CENTER_LEFT);
            shape.relocate(box.x(), box.y());
            shape.setPrefSize(GraphLayout.BOX_WIDTH, GraphLayout.BOX_HEIGHT);
            shape.setMinSize(GraphLayout.BOX_WIDTH, GraphLayout.BOX_HEIGHT);
            shape.setMaxSize(GraphLayout.BOX_WIDTH, GraphLayout.BOX_HEIGHT);
            shape.setOnMouseClicked(click -> {
                onStep.accept(box.index());
                if (click.getClickCount() == 2) {
                    onOpen.accept(box.index());
                }
            });
            shape.setAccessibleText(name.getText());
            Tooltip tip = new Tooltip();
            boxes.add(shape);
            lines.add(detail);
            tips.add(tip);
            getChildren().add(shape);
        }
        setPrefSize(layout.width(), layout.height());
        setMinSize(layout.width(), layout.height());
        select(selected);
    }

    /**
     * Sets box {@code index}'s second line, its state classes (replacing any of {@code replacing})
     * and its tooltip (none when blank).
     */
    public void decorate(int index, String line, Collection<String> replacing, String styleClass, String tooltip) {
        if (index < 0 || index >= boxes.size()) {
            return;
        }
        VBox box = boxes.get(index);
        if (!lines.get(index).getText().equals(line)) {
            lines.get(index).setText(line);
        }
        if (styleClass == null || !box.getStyleClass().contains(styleClass)) {
            box.getStyleClass().removeAll(replacing);
            if (styleClass != null) {
                box.getStyleClass().add(styleClass);
            }
        }
        Tooltip tip = tips.get(index);
        boolean any = tooltip != null && !tooltip.isBlank();
        tip.setText(any ? tooltip : "");
        Tooltip.install(box, tip);
        if (!any) {
            Tooltip.uninstall(box, tip);
        }
        String name = ((Label) box.getChildren().get(0)).getText();
        box.setAccessibleText(name + ", " + line);
    }

    /** Marks box {@code index} as the one selected; -1 for none. */
    public void select(int index) {
        selected = index;
        for (int i = 0; i < boxes.size(); i++) {
            boolean on = i == index;
            List<String> classes = boxes.get(i).getStyleClass();
            if (on && !classes.contains("selected")) {
                classes.add("selected");
            } else if (!on) {
                classes.remove("selected");
            }
        }
    }

    /** The number of boxes drawn. */
    public int steps() {
        return boxes.size();
    }

    /** Box {@code index}, for tests and accessibility. */
    public Node box(int index) {
        return boxes.get(index);
    }

    /** An arrow from the right side of the parent's box to the left side of the child's, with its condition. */
    private static List<Node> edge(GraphLayout.Line line, Messages messages) {
        double offset = line.nth() * 9;
        double startX = line.from().x() + GraphLayout.BOX_WIDTH;
        double startY = line.from().centerY() + offset;
        double endX = line.to().x();
        double endY = line.to().centerY() + offset;
        double bend = Math.max(30, (endX - startX) / 2);
        CubicCurve curve = new CubicCurve(startX, startY, startX + bend, startY, endX - bend, endY, endX - ARROW, endY);
        curve.setFill(null);
        curve.setStroke(Color.GRAY); // the theme's colour for the condition replaces it
        curve.setStrokeWidth(1.6);
        curve.getStyleClass().addAll("wf-edge", StepLook.styleClass(line.when()));
        Polygon head = new Polygon(endX, endY, endX - ARROW - 2, endY - ARROW / 1.6, endX - ARROW - 2, endY + ARROW / 1.6);
        head.setFill(Color.GRAY);
        head.getStyleClass().addAll("wf-arrow", StepLook.styleClass(line.when()));
        Label label = new Label(StepLook.text(line.when(), messages));
        label.getStyleClass().addAll("wf-edge-label", StepLook.styleClass(line.when()));
        label.setMouseTransparent(true);
        label.relocate((startX + endX) / 2 - 24, (startY + endY) / 2 - 16 + offset);
        return List.of(curve, head, label);
    }
}
