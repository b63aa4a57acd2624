#include "file_dialog_keys.h"

#include <QKeyEvent>
#include <QQmlContext>
#include <QQmlProperty>
#include <QQuickItem>

namespace podplanner::views {

namespace {

// The item the popup holding `item` shows: its outermost ancestor below the window's overlay.
QQuickItem* popupRoot(QQuickItem* item) {
    while (item->parentItem() && !item->parentItem()->inherits("QQuickOverlay"))
        item = item->parentItem();
    return item;
}

// The button of the dialog's button box whose role is AcceptRole (0).
QObject* findAcceptButton(QQuickItem* root) {
    if (root->inherits("QQuickAbstractButton")) {
        const QQmlProperty role(root, QStringLiteral("DialogButtonBox.buttonRole"),
                                qmlContext(root));
        if (role.isValid() && role.read().toInt() == 0 && root->isEnabled())
            return root;
    }
    for (QQuickItem* child : root->childItems())
        if (QObject* button = findAcceptButton(child))
            return button;
    return nullptr;
}

bool isReturn(const QEvent* event) {
    if (event->type() != QEvent::KeyPress)
        return false;
    const int key = static_cast<const QKeyEvent*>(event)->key();
    return key == Qt::Key_Return || key == Qt::Key_Enter;
}

} // namespace

FileDialogKeys::FileDialogKeys(QObject* parent) : QObject(parent) {}

void FileDialogKeys::setWindow(QQuickWindow* window) {
    if (window == window_)
        return;
    if (window_)
        window_->removeEventFilter(this);
    window_ = window;
    if (window_)
        window_->installEventFilter(this);
    emit windowChanged();
}

bool FileDialogKeys::eventFilter(QObject* watched, QEvent* event) {
    if (watched != window_ || !isReturn(event))
        return false;
    QQuickItem* focus = window_->activeFocusItem();
    if (!focus || focus->objectName() != QLatin1String("fileNameTextField"))
        return false;
    // Queued: the field takes the Return first (the dialog's selected file becomes the typed
    // name and the button is enabled); then the accept button reports a click, which is what
    // the dialog acts on (it ignores its button box's bare "accepted").
    QPointer<QQuickItem> field = focus;
    QMetaObject::invokeMethod(
        this,
        [field] {
            if (!field)
                return;
            if (QObject* button = findAcceptButton(popupRoot(field)))
                QMetaObject::invokeMethod(button, "clicked");
        },
        Qt::QueuedConnection);
    return false;
}

} // namespace podplanner::views
