#pragma once
// Drives dialogs of the real window as a person does: clicks buttons and menu entries by their
// text, types into Qt's own file dialog (its file name field, or its path field, Ctrl+L) and
// accepts it. Items are found through the visual tree, so popups in the overlay are found too.
#include "main_window_fixture.h"

#include <QQuickItem>
#include <QtTest>

namespace podplanner::tests {

class DialogDriver {
  public:
    explicit DialogDriver(MainWindowFixture& ui) : ui_(ui) {}

    // A visible button (or menu entry) whose text is `text`, "&" mnemonics ignored.
    QQuickItem* button(const QString& text) const {
        return findVisible(ui_.window->contentItem(), [&](QQuickItem* item) {
            return item->inherits("QQuickAbstractButton") &&
                   item->property("text").toString().remove('&') == QString(text).remove('&');
        });
    }
    // Whether a visible text item starts with `text`.
    bool textShown(const QString& text) const {
        return findVisible(ui_.window->contentItem(), [&](QQuickItem* item) {
            return item->inherits("QQuickText") &&
                   item->property("text").toString().startsWith(text);
        });
    }
    QQuickItem* visibleNamed(const QString& name) const {
        return findVisible(ui_.window->contentItem(),
                           [&](QQuickItem* item) { return item->objectName() == name; });
    }
    void click(QQuickItem* item) const {
        QTest::mouseClick(ui_.window, Qt::LeftButton, {},
                          item->mapToScene({item->width() / 2, item->height() / 2}).toPoint());
    }
    // Clicks the button with this text once it shows; false if it never does.
    bool clickButton(const QString& text) const {
        QQuickItem* item = nullptr;
        if (!QTest::qWaitFor([&] { return (item = button(text)) != nullptr; }, 5000))
            return false;
        click(item);
        return true;
    }
    // Clicks through menus by their entries' texts, e.g. {"File", "Export CSV", "Dashboard…"}.
    bool clickMenus(const QStringList& path) const {
        for (const QString& entry : path) {
            if (!clickButton(entry))
                return false;
            QTest::qWait(150);
        }
        return true;
    }
    // Waits for a dialog (a Popup or a QML FileDialog) of this objectName to be shown; takes a
    // screenshot named `shot` of it if one is given.
    QObject* waitOpened(const QString& name, const QString& shot = {}) const {
        QObject* dialog = ui_.window->findChild<QObject*>(name);
        if (!dialog)
            return nullptr;
        const bool shown =
            QTest::qWaitFor([&] { return dialog->property("visible").toBool(); }, 5000);
        QTest::qWait(300); // its opening transition
        if (shown && !shot.isEmpty())
            ui_.grab(shot);
        return shown ? dialog : nullptr;
    }
    bool waitClosed(QObject* dialog) const {
        return QTest::qWaitFor([&] { return !dialog->property("visible").toBool(); }, 5000);
    }

    // In Qt's save dialog: types `name` into its "File name" field (replacing the suggestion),
    // takes a screenshot, then clicks the accept button labelled `accept`.
    bool typeFileName(const QString& name, const QString& accept, const QString& shot) const {
        QQuickItem* field = nullptr;
        if (!QTest::qWaitFor([&] { return (field = visibleNamed("fileNameTextField")); }, 5000))
            return false;
        click(field);
        QTest::keyClick(ui_.window, Qt::Key_A, Qt::ControlModifier);
        ui_.typeText(name);
        ui_.grab(shot);
        return clickButton(accept);
    }
    // In Qt's open dialog: Ctrl+L shows a path field over the folder bar; typing a file's path
    // there and Enter opens it.
    bool typePath(const QString& path, const QString& shot) const {
        QTest::keyClick(ui_.window, Qt::Key_L, Qt::ControlModifier);
        QTest::qWait(200);
        QTest::keyClick(ui_.window, Qt::Key_A, Qt::ControlModifier);
        ui_.typeText(path);
        ui_.grab(shot);
        QTest::keyClick(ui_.window, Qt::Key_Return);
        return true;
    }

  private:
    template <typename Match> static QQuickItem* findVisible(QQuickItem* root, const Match& match) {
        if (!root->isVisible())
            return nullptr;
        if (match(root))
            return root;
        for (QQuickItem* child : root->childItems())
            if (QQuickItem* found = findVisible(child, match))
                return found;
        return nullptr;
    }
    MainWindowFixture& ui_;
};

} // namespace podplanner::tests
