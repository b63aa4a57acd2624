#pragma once
// Qt's own file dialog opens in the middle of the window, which is where the 3D view keeps the
// pod: a Save As or Export over a 1280-wide window hid the whole pod, and the view looked blank
// (issue 17 item 15). This moves the dialog against the window's right edge, over the inspector,
// so that the pod stays in sight while a file is chosen (an exported image's subject included).
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class FileDialogPlacement : public QObject {
    Q_OBJECT
    QML_ELEMENT

  public:
    explicit FileDialogPlacement(QObject* parent = nullptr);

    // Moves the open dialog of `fileDialog` (a QtQuick.Dialogs FileDialog) to the right edge of
    // the window, `margin` pixels in; false when it is not shown as a Qt Quick popup (a native
    // dialog is a window of its own and is left where the platform puts it).
    Q_INVOKABLE bool toRightEdge(QObject* fileDialog, double margin = 12) const;
};

} // namespace podplanner::views
