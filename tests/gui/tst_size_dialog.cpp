// The Size dialog as a person uses it, in a real window (xvfb): opened with its shortcut, a
// first pass shown and then refined, a deadline typed and sized again, the three charts looked
// at, a point applied as one undo step and undone, a run cancelled. Screenshots go to
// build/screenshots/.
#include "dialog_driver.h"
#include "main_window_fixture.h"
#include "size_task.h"

#include "project/project_io.h"

#include <QSignalSpy>

using namespace podplanner;

class SizeDialogTest : public QObject {
    Q_OBJECT
    tests::MainWindowFixture w_;

    views::SizeTask* task() const {
        QObject* dialog = w_.window->findChild<QObject*>("sizeDialog");
        return dialog ? dialog->property("task").value<views::SizeTask*>() : nullptr;
    }
    QObject* openDialog() {
        w_.window->contentItem()->forceActiveFocus();
        QTest::keyClick(w_.window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        return tests::DialogDriver(w_).waitOpened("sizeDialog");
    }

  private slots:
    void initTestCase() {
        QVERIFY(w_.open({1600, 1000}));
        QVERIFY(w_.document.load(PODPLANNER_SOURCE_DIR
                                 "/resources/examples/ironwood-shared.podplanner"));
        QVERIFY(w_.waitForEngine());
    }

    void firstPassThenRefined() {
        QObject* dialog = openDialog();
        QVERIFY(dialog);
        views::SizeTask* t = task();
        QVERIFY(t);
        QSignalSpy partial(t, &views::SizeTask::partialChanged);
        // The dialog starts sizing on opening; the first pass arrives while it still runs.
        QTRY_VERIFY_WITH_TIMEOUT(t->partial().toMap().contains("front"), 20000);
        const QVariantMap first = t->partial().toMap();
        QVERIFY(!first.value("refined").toBool());
        QVERIFY(!first.value("front").toList().isEmpty());
        w_.grab("size-first-pass", 200);
        QTRY_VERIFY_WITH_TIMEOUT(!t->running(), 60000);
        const QVariantMap done = t->result().toMap();
        QVERIFY(done.value("refined").toBool());
        QVERIFY(done.value("placements").toLongLong() > first.value("placements").toLongLong());
        tests::DialogDriver driver(w_);
        QTRY_VERIFY(driver.visibleNamed("applyPoint0"));
        QVERIFY(!w_.find("recommendation")->property("text").toString().isEmpty());
        w_.grab("size-refined");
    }

    void deadlineAndChartsAsAPersonWouldSetThem() {
        tests::DialogDriver driver(w_);
        QQuickItem* deadline = driver.visibleNamed("deadlineField");
        QVERIFY(deadline);
        driver.click(deadline);
        for (Qt::Key key : {Qt::Key_6, Qt::Key_0})
            QTest::keyClick(w_.window, key);
        QVERIFY(driver.clickButton("Size"));
        views::SizeTask* t = task();
        QTRY_VERIFY_WITH_TIMEOUT(!t->running() && t->result().toMap().value("deadline") == 60.0,
                                 60000);
        const QString recommendation = w_.find("recommendation")->property("text").toString();
        QVERIFY2(recommendation.contains("deadline of 60.0 days"), qPrintable(recommendation));
        for (const char* tab : {"paretoTab", "chipsTab", "sparesTab"}) {
            driver.click(driver.visibleNamed(tab));
            w_.grab(QString("size-chart-%1").arg(tab), 400);
        }
        QQuickItem* pareto =
            tests::MainWindowFixture::findIn(w_.window->contentItem(), "paretoChart");
        QVERIFY(pareto);
        QVERIFY(pareto->property("count").toInt() >= 1); // a series per candidate
    }

    void applyIsOneUndoStep() {
        const std::string before = model::writeProject(*w_.document.project());
        QVERIFY(!w_.document.canUndo());
        tests::DialogDriver driver(w_);
        QQuickItem* apply = driver.visibleNamed("applyPoint0");
        QVERIFY(apply);
        QCOMPARE(apply->property("text").toString(), QString("Apply"));
        QObject* dialog = w_.window->findChild<QObject*>("sizeDialog");
        driver.click(apply);
        QVERIFY(driver.waitClosed(dialog));
        QVERIFY(w_.waitForEngine());
        QVERIFY2(w_.document.canUndo(), qPrintable(w_.document.errorText()));
        QVERIFY(w_.document.undoText().startsWith("Apply sized plan"));
        QVERIFY(model::writeProject(*w_.document.project()) != before);
        w_.grab("size-applied", 600);
        w_.document.undo();
        QVERIFY(w_.waitForEngine());
        QCOMPARE(model::writeProject(*w_.document.project()), before);
        QVERIFY(!w_.document.canUndo());
    }

    void cancelStopsARun() {
        QVERIFY(openDialog());
        views::SizeTask* t = task();
        tests::DialogDriver driver(w_);
        QQuickItem* sizeButton = driver.visibleNamed("sizeButton");
        QVERIFY(sizeButton);
        QTRY_VERIFY_WITH_TIMEOUT(!t->running(), 60000);
        // Every candidate cluster ticked, for a run long enough to cancel; then the run started
        // with the button and cancelled with the same button at once.
        QList<QQuickItem*> items{w_.window->contentItem()};
        int ticked = 0;
        while (!items.isEmpty()) {
            QQuickItem* item = items.takeLast();
            if (!item->isVisible())
                continue;
            if (item->objectName().startsWith("candidate_") &&
                !item->property("checked").toBool()) {
                driver.click(item);
                ++ticked;
            }
            items.append(item->childItems());
        }
        QVERIFY(ticked > 0);
        driver.click(sizeButton);
        QVERIFY(t->running());
        QCOMPARE(sizeButton->property("text").toString(), QString("Cancel"));
        driver.click(sizeButton);
        QTRY_VERIFY_WITH_TIMEOUT(!t->running(), 20000);
        QVERIFY(t->cancelled());
        QTRY_COMPARE(w_.find("sizeStatus")->property("text").toString(), QString("Cancelled."));
        w_.grab("size-cancelled");
        QVERIFY(driver.clickButton("Close"));
    }

    void cleanupTestCase() { w_.close(); }
};

QTEST_MAIN(SizeDialogTest) // with Qt Widgets linked: a QApplication, as Qt Charts needs
#include "tst_size_dialog.moc"
