package io.redcron.node.cli;

import io.redcron.port.Page;

import java.io.PrintWriter;

/** The line under a listing that has more pages: how many were shown of how many, and how to go on. */
final class PageFooter {
    private PageFooter() {
    }

    static void print(PrintWriter out, Page<?> page) {
        if (page.hasMore()) {
            // A long history is counted only so far: the store then gives a lower bound.
            out.println("(" + page.items().size() + " of " + (page.totalIsLowerBound() ? "at least " : "") + page.total()
                    + "; next page: --offset " + (page.offset() + page.items().size()) + ")");
        }
    }
}
