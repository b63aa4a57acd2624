#pragma once
// Return in the File name field of Qt's own file dialog accepts the dialog, as in every desktop
// file dialog. Qt 6.4's takes Return there as "use this name" and then waits for a click on the
// accept button (issue 17 item 1). Watches the window's key presses; declare one per window.
#include <QObject>
#include <QPointer>
#include <QQuickWindow>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class FileDialogKeys : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QQuickWindow* window READ window WRITE setWindow NOTIFY windowChanged)

  public:
    explicit FileDialogKeys(QObject* parent = nullptr);

    QQuickWindow* window() const { return window_; }
    void setWindow(QQuickWindow* window);

  signals:
    void windowChanged();

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QPointer<QQuickWindow> window_;
};

} // namespace podplanner::views
