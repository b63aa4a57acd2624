#pragma once
// A report printed to PDF: the document laid out on the printed page, every heading that would
// end a page moved to the next one, and the pages printed with their numbers.
#include <QPagedPaintDevice>
#include <QTextDocument>

namespace podplanner::views {

// Lays `document` out on `device`'s pages (inside the margins set on it), keeping a line at the
// bottom of each page for its number.
void layOutForPrint(QTextDocument& document, QPagedPaintDevice& device);

// Moves each heading whose next block lands on a later page to the top of that page (with the
// borderless table that holds it and its block, when the report wrapped them together). Returns
// how many headings were moved.
int keepHeadingsWithTheirContent(QTextDocument& document);

// Prints the laid-out document page by page, numbered at the bottom right.
void printPages(const QTextDocument& document, QPagedPaintDevice& device);

} // namespace podplanner::views
