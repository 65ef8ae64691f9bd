package io.redcron.desktop.ui;

import io.redcron.port.PageRequest;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;

/** Which page of a store listing a screen shows, and how to move between pages; the screen loads. */
public final class Pager {
    private final IntegerProperty page = new SimpleIntegerProperty();
    private final LongProperty total = new SimpleLongProperty();
    private final int size;
    private final Runnable load;

    /** @param load loads the page {@link #request()} names, and reports the total with {@link #total()} */
    public Pager(int size, Runnable load) {
        this.size = size;
        this.load = load;
    }

    public PageRequest request() {
        return new PageRequest(page.get() * size, size);
    }

    /** The 1-based position of the first row of a page holding {@code rows} rows; 0 for an empty page. */
    public long firstShown(int rows) {
        return rows == 0 ? 0 : (long) page.get() * size + 1;
    }

    /** Back to the first page (the filters changed), then loads. */
    public void restart() {
        page.set(0);
        load.run();
    }

    public boolean hasNext() {
        return (long) (page.get() + 1) * size < total.get();
    }

    public void next() {
        if (hasNext()) {
            page.set(page.get() + 1);
            load.run();
        }
    }

    public void previous() {
        if (page.get() > 0) {
            page.set(page.get() - 1);
            load.run();
        }
    }

    public IntegerProperty page() {
        return page;
    }

    public LongProperty total() {
        return total;
    }
}
