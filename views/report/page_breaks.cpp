#include "page_breaks.h"

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

#include <cmath>

namespace podplanner::views {

namespace {

// Each move shifts what follows, so headings are checked again (a heading is moved once at most);
// a report has a few dozen.
constexpr int kMaxPasses = 64;

// The page of a block's first line: pagination moves lines, not the block's own position.
int pageOf(const QTextDocument& document, const QTextBlock& block) {
    double top = document.documentLayout()->blockBoundingRect(block).top();
    if (block.layout() && block.layout()->lineCount() > 0)
        top += block.layout()->lineAt(0).y();
    return static_cast<int>(std::floor(top / document.pageSize().height()));
}

// Whether a heading (or the table that holds it) already starts a page: moving it again would
// change nothing when what follows it is taller than a page.
bool startsAPage(const QTextBlock& heading) {
    if (QTextTable* table = QTextCursor(heading).currentTable())
        return table->format().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore;
    return heading.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore;
}

// The first heading whose next block starts a later page, or an invalid block.
QTextBlock firstStrandedHeading(const QTextDocument& document) {
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() == 0 || !b.next().isValid() || startsAPage(b))
            continue;
        if (pageOf(document, b.next()) > pageOf(document, b))
            return b;
    }
    return {};
}

void breakBefore(const QTextBlock& heading) {
    QTextCursor cursor(heading);
    if (QTextTable* table = cursor.currentTable()) {
        QTextTableFormat format = table->format();
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        table->setFormat(format);
        return;
    }
    QTextBlockFormat format = heading.blockFormat();
    format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    cursor.setBlockFormat(format);
}

double lineHeight(const QTextDocument& document, QPaintDevice& device) {
    return QFontMetricsF(document.defaultFont(), &device).height();
}

} // namespace

void layOutForPrint(QTextDocument& document, QPagedPaintDevice& device) {
    document.documentLayout()->setPaintDevice(&device);
    QTextFrameFormat root = document.rootFrame()->frameFormat();
    root.setBottomMargin(2 * lineHeight(document, device));
    document.rootFrame()->setFrameFormat(root);
    document.setPageSize(QSizeF(device.width(), device.height()));
}

int keepHeadingsWithTheirContent(QTextDocument& document) {
    int moved = 0;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        const QTextBlock heading = firstStrandedHeading(document);
        if (!heading.isValid())
            break;
        breakBefore(heading);
        // Qt redoes the layout from the change on, and has been seen to lose the pictures
        // after it: redo all of it.
        document.markContentsDirty(0, document.characterCount());
        ++moved;
    }
    return moved;
}

void printPages(const QTextDocument& document, QPagedPaintDevice& device) {
    const QSizeF page = document.pageSize();
    const int pages = document.pageCount();
    QPainter painter(&device);
    const double line = lineHeight(document, device);
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            device.newPage();
        const QRectF view(0, i * page.height(), page.width(), page.height());
        painter.save();
        painter.setClipRect(QRectF(QPointF(0, 0), page));
        painter.translate(0, -view.top());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = view;
        // Black text on paper, whatever the desktop's palette.
        context.palette.setColor(QPalette::Text, Qt::black);
        document.documentLayout()->draw(&painter, context);
        painter.restore();
        painter.setFont(document.defaultFont());
        painter.setPen(Qt::black);
        painter.drawText(QRectF(0, page.height() - line, page.width(), line),
                         Qt::AlignRight | Qt::AlignBottom, QString::number(i + 1));
    }
}

} // namespace podplanner::views
