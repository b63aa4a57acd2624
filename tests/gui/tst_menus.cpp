// The window's menus as a person meets them, in a real window under Xvfb: each menu of the
// menu bar and the 3D view's context menu opened with the mouse, every entry shown whole (no
// text cut off at 1280x720), each action's keyboard shortcut written next to it, and
// Help › Keyboard shortcuts listing them. Screenshots: build/screenshots/menu-*.png.
#include "dialog_driver.h"
#include "main_window_fixture.h"
#include "warning_recorder.h"

#include <QKeySequence>

using podplanner::tests::DialogDriver;
using podplanner::tests::MainWindowFixture;

namespace {

const char* kExample = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";

void collect(QQuickItem* root, const char* className, QList<QQuickItem*>& out) {
    if (!root->isVisible())
        return;
    if (root->inherits(className))
        out.append(root);
    for (QQuickItem* child : root->childItems())
        collect(child, className, out);
}

// The entries of the menus open now (the menu bar's own items excluded).
QList<QQuickItem*> openMenuEntries(QQuickWindow* window) {
    QList<QQuickItem*> items;
    collect(window->contentItem(), "QQuickMenuItem", items);
    return items;
}

QString plain(QString text) {
    return text.remove('&');
}

} // namespace

class TestMenus : public QObject {
    Q_OBJECT
    podplanner::tests::WarningRecorder warnings;
    MainWindowFixture ui;
    DialogDriver driver{ui};

    // Every open entry is as wide as its text, check mark, arrow and shortcut need.
    void verifyNothingCutOff(const QString& menu) {
        const QList<QQuickItem*> entries = openMenuEntries(ui.window);
        QVERIFY2(!entries.isEmpty(), qPrintable(menu));
        for (QQuickItem* entry : entries) {
            const QString text = plain(entry->property("text").toString());
            QVERIFY2(entry->width() + 0.5 >= entry->implicitWidth(),
                     qPrintable(QString("%1 › %2: %3 px wide, needs %4")
                                    .arg(menu, text)
                                    .arg(entry->width())
                                    .arg(entry->implicitWidth())));
        }
    }
    QQuickItem* entry(const QString& text) {
        for (QQuickItem* item : openMenuEntries(ui.window))
            if (plain(item->property("text").toString()) == plain(text))
                return item;
        return nullptr;
    }
    static QString shortcutShown(QQuickItem* item) {
        QQuickItem* label = MainWindowFixture::findIn(item, "shortcutLabel");
        return label && label->isVisible() ? label->property("text").toString() : QString();
    }
    // Closes the open menus as a person would, with a click on the window outside them (Escape
    // leaves the menu bar active, so that the next click on it would close instead of open).
    void closeMenus() {
        QQuickItem* placeholder = ui.find("engineTime");
        for (int i = 0; i < 3 && !openMenuEntries(ui.window).isEmpty(); ++i) {
            QTest::mouseClick(ui.window, Qt::LeftButton, {},
                              placeholder->mapToScene({2, placeholder->height() / 2}).toPoint());
            QTest::qWait(200);
        }
        QVERIFY(openMenuEntries(ui.window).isEmpty());
    }

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 720)));
        QVERIFY(ui.document.load(kExample));
        QVERIFY(ui.waitForEngine());
    }
    void cleanup() {
        const QStringList missing = warnings.takeMissingModules();
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
    }
    void cleanupTestCase() { ui.close(); }

    void menuBarMenusShowEveryEntryWhole_data() {
        QTest::addColumn<QString>("menu");
        for (const char* menu : {"&File", "&Edit", "&Job", "&View", "&Help"})
            QTest::newRow(menu) << QString(menu);
    }
    void menuBarMenusShowEveryEntryWhole() {
        QFETCH(QString, menu);
        QVERIFY(driver.clickButton(menu));
        QTest::qWait(250);
        ui.grab("menu-" + plain(menu).toLower(), 100);
        verifyNothingCutOff(menu);
        closeMenus();
    }

    // The entries with a shortcut show it as the platform writes it.
    void shortcutsAreShownInTheMenus_data() {
        QTest::addColumn<QString>("menu");
        QTest::addColumn<QString>("entryText");
        QTest::addColumn<QString>("keys");
        const auto native = [](QKeySequence::StandardKey key) {
            return QKeySequence(key).toString(QKeySequence::NativeText);
        };
        QTest::newRow("save") << "&File"
                              << "&Save" << native(QKeySequence::Save);
        QTest::newRow("open") << "&File"
                              << "&Open…" << native(QKeySequence::Open);
        QTest::newRow("save as") << "&File"
                                 << "Save &As…"
                                 << "Ctrl+Shift+S";
        QTest::newRow("export report") << "&File"
                                       << "Export &report…"
                                       << "Ctrl+E";
        QTest::newRow("add job") << "&Job"
                                 << "&Add job…"
                                 << "Ctrl+J";
        QTest::newRow("auto-plan") << "&Job"
                                   << "Auto-&plan…"
                                   << "Ctrl+P";
        QTest::newRow("logical") << "&View"
                                 << "&Logical (torus)"
                                 << "Ctrl+2";
        QTest::newRow("help") << "&Help"
                              << "&User guide"
                              << "F1";
        QTest::newRow("shortcuts") << "&Help"
                                   << "&Keyboard shortcuts"
                                   << "Ctrl+F1";
    }
    void shortcutsAreShownInTheMenus() {
        QFETCH(QString, menu);
        QFETCH(QString, entryText);
        QFETCH(QString, keys);
        QVERIFY(driver.clickButton(menu));
        QQuickItem* item = nullptr;
        QTRY_VERIFY(item = entry(entryText));
        QCOMPARE(shortcutShown(item), keys);
        // An entry without a shortcut shows none.
        if (QQuickItem* none = entry("Export &launch config…"))
            QCOMPARE(shortcutShown(none), QString());
        closeMenus();
    }

    // Ctrl+F1 opens the table of shortcuts; it names the actions as the menus do.
    void helpListsTheShortcuts() {
        ui.window->contentItem()->forceActiveFocus();
        QTest::keyClick(ui.window, Qt::Key_F1, Qt::ControlModifier);
        QObject* dialog = driver.waitOpened("shortcutsDialog", "menu-shortcuts-dialog");
        QVERIFY(dialog);
        for (const QString& text :
             {QString("Save"), QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText),
              QString("Undo"), QString("Auto-plan…"), QString("Ctrl+Shift+P"),
              QString("Keyboard shortcuts"), QString("Ctrl+F1"), QString("User guide"),
              QString("F1"), QString("Shift+Drag")})
            QVERIFY2(driver.textShown(text), qPrintable(text));
        QVERIFY(driver.clickButton("Close"));
        QVERIFY(driver.waitClosed(dialog));
    }

    // F1 opens the user guide, compiled into the program; from a build, the documentation on
    // disk is found too, so the browser button shows.
    void f1OpensTheUserGuide() {
        ui.window->contentItem()->forceActiveFocus();
        QTest::keyClick(ui.window, Qt::Key_F1);
        QObject* dialog = driver.waitOpened("userGuideDialog", "menu-user-guide");
        QVERIFY(dialog);
        const QString guide = driver.visibleNamed("userGuideText")->property("text").toString();
        QVERIFY2(guide.contains("A first plan in five steps"), qPrintable(guide.left(200)));
        QVERIFY(driver.visibleNamed("openGuideInBrowser"));
        QVERIFY(driver.clickButton("Close"));
        QVERIFY(driver.waitClosed(dialog));
    }

    // A right-click on the floor of racks: every entry of the context menu whole, the links
    // submenu's long title included.
    void contextMenuShowsEveryEntryWhole() {
        QQuickItem* scene = ui.find("scene");
        QTest::mouseClick(ui.window, Qt::RightButton, {},
                          scene->mapToScene({scene->width() / 2, scene->height() / 2}).toPoint());
        QTRY_VERIFY(!openMenuEntries(ui.window).isEmpty());
        QTest::qWait(250);
        ui.grab("menu-context", 100);
        verifyNothingCutOff("context menu");
        bool linksEntry = false;
        for (QQuickItem* item : openMenuEntries(ui.window)) {
            const QString text = item->property("text").toString();
            linksEntry = linksEntry || text.startsWith("Links (point at a chip") ||
                         text.startsWith("Fail or repair a link of chip");
        }
        QVERIFY(linksEntry);
        closeMenus();
    }
};

QTEST_MAIN(TestMenus)
#include "tst_menus.moc"
