#include "file_dialog_placement.h"

#include <QQuickItem>
#include <QQuickWindow>

#include <algorithm>

namespace podplanner::views {

namespace {

// The shown popup item of a Qt Quick file dialog: its QObject parent is the dialog's
// implementation (a Popup), its parent item the window's overlay.
QQuickItem* shownFileDialogItem(QQuickItem* item) {
    if (!item->isVisible())
        return nullptr;
    if (item->inherits("QQuickPopupItem") && item->parent() &&
        item->parent()->inherits("QQuickFileDialogImpl"))
        return item;
    for (QQuickItem* child : item->childItems())
        if (QQuickItem* found = shownFileDialogItem(child))
            return found;
    return nullptr;
}

} // namespace

FileDialogPlacement::FileDialogPlacement(QObject* parent) : QObject(parent) {}

bool FileDialogPlacement::toRightEdge(QObject* fileDialog, double margin) const {
    auto* window =
        fileDialog
            ? qobject_cast<QQuickWindow*>(fileDialog->property("parentWindow").value<QWindow*>())
            : nullptr;
    if (!window)
        return false;
    QQuickItem* item = shownFileDialogItem(window->contentItem());
    if (!item || !item->parentItem())
        return false;
    QObject* popup = item->parent();
    const QQuickItem* overlay = item->parentItem();
    // Qt centres the dialog by anchoring it (anchors.centerIn), which overrides x and y.
    if (auto* anchors = popup->property("anchors").value<QObject*>())
        anchors->setProperty("centerIn", QVariant::fromValue<QQuickItem*>(nullptr));
    const double x = std::max(margin, overlay->width() - item->width() - margin);
    const double y = std::max(0.0, (overlay->height() - item->height()) / 2);
    return popup->setProperty("x", x) && popup->setProperty("y", y);
}

} // namespace podplanner::views
