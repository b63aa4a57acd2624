// A PDF report's pagination (views/report/page_breaks.h): laid out on the printed page, no
// heading is left at the bottom of a page with its content on the next, whether the content is
// a paragraph or a table wrapped with the heading in one cell (as model/output/report.cpp does),
// and the pages printed are the pages laid out.
#include "page_breaks.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextBlock>
#include <QtTest>

#include <cmath>

using namespace podplanner::views;

namespace {

// `filler` paragraphs, then a heading with a table, in the report's wrapped form or bare.
QString html(int filler, bool wrapped) {
    QString out = "<html><body>";
    for (int i = 0; i < filler; ++i)
        out +=
            QString("<p>Filler paragraph %1 of the report, long enough to take a line.</p>").arg(i);
    const QString table = "<table width=\"100%\"><tr><th>kind</th><th>bytes</th></tr>"
                          "<tr><td>all-gather</td><td>34.2 GB</td></tr>"
                          "<tr><td>reduce-scatter</td><td>34.2 GB</td></tr></table>";
    if (wrapped)
        out += "<table width=\"100%\" cellspacing=\"0\" cellpadding=\"0\" style=\"border:none\">"
               "<tr><td style=\"border:none;padding:0\"><h3>Collectives per step</h3>" +
               table + "</td></tr></table>";
    else
        out += "<h3>Collectives per step</h3><p>What follows the heading.</p>";
    return out + "</body></html>";
}

int pageOfLine(const QTextDocument& d, const QTextBlock& b) {
    double top = d.documentLayout()->blockBoundingRect(b).top();
    if (b.layout()->lineCount() > 0)
        top += b.layout()->lineAt(0).y();
    return static_cast<int>(std::floor(top / d.pageSize().height()));
}

} // namespace

class PageBreaksTest : public QObject {
    Q_OBJECT
  private slots:
    // Every amount of filler puts the heading somewhere else on the page, the bottom among
    // them; after the move it shares its page with what follows it.
    void headingStaysWithItsContent_data() {
        QTest::addColumn<bool>("wrapped");
        QTest::newRow("heading and table in one cell") << true;
        QTest::newRow("heading and paragraph") << false;
    }
    void headingStaysWithItsContent() {
        QFETCH(bool, wrapped);
        int stranded = 0;
        for (int filler = 40; filler < 120; ++filler) {
            QBuffer sink;
            sink.open(QIODevice::WriteOnly);
            QPdfWriter pdf(&sink);
            pdf.setPageSize(QPageSize(QPageSize::A4));
            pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
            pdf.setResolution(300);
            QTextDocument doc;
            doc.setHtml(html(filler, wrapped));
            layOutForPrint(doc, pdf);
            QTextBlock heading;
            for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
                if (b.blockFormat().headingLevel() > 0)
                    heading = b;
            QVERIFY(heading.isValid());
            const bool before = pageOfLine(doc, heading.next()) > pageOfLine(doc, heading);
            stranded += before;
            QCOMPARE(keepHeadingsWithTheirContent(doc), before ? 1 : 0);
            QCOMPARE(pageOfLine(doc, heading.next()), pageOfLine(doc, heading));
            const int laidOut = doc.pageCount();
            printPages(doc, pdf);
            QVERIFY(laidOut >= 2);
        }
        // The sweep did put the heading at a page's bottom.
        QVERIFY(stranded > 0);
    }
};

QTEST_MAIN(PageBreaksTest)
#include "tst_page_breaks.moc"
