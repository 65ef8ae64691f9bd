package io.redcron.node.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain text table with columns as wide as their widest cell. Cells are store text: each is
 * kept to one line and shown without control characters ({@link TerminalText#cell}).
 */
final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... header) {
        columns = header.length;
        rows.add(header);
    }

    void row(String... cells) {
        String[] shown = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            shown[i] = cells[i] == null ? "-" : TerminalText.cell(cells[i]);
        }
        rows.add(shown);
    }

    void print(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].codePointCount(0, row[i].length()));
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(row[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - row[i].codePointCount(0, row[i].length()) + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
