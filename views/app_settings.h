#pragma once
// One typed wrapper over QSettings: everything the GUI remembers between runs.
#include <QObject>
#include <QRect>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class AppSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentFilesChanged)
    Q_PROPERTY(QRect windowGeometry READ windowGeometry WRITE setWindowGeometry NOTIFY
                   windowGeometryChanged)
    Q_PROPERTY(QString lastView READ lastView WRITE setLastView NOTIFY lastViewChanged)
    // SplitView.saveState() of the main window's two splits (panels | scene | inspector, and
    // scene | bottom tabs).
    Q_PROPERTY(QByteArray sideSplit READ sideSplit WRITE setSideSplit NOTIFY splitsChanged)
    Q_PROPERTY(QByteArray bottomSplit READ bottomSplit WRITE setBottomSplit NOTIFY splitsChanged)
  public:
    explicit AppSettings(QObject* parent = nullptr);

    QStringList recentFiles() const;
    Q_INVOKABLE void addRecentFile(const QString& path);
    QRect windowGeometry() const;
    void setWindowGeometry(const QRect& geometry);
    QString lastView() const; // "physical" or "logical"
    void setLastView(const QString& view);
    QByteArray sideSplit() const;
    void setSideSplit(const QByteArray& state);
    QByteArray bottomSplit() const;
    void setBottomSplit(const QByteArray& state);

    static constexpr int kMaxRecentFiles = 10;

  signals:
    void recentFilesChanged();
    void windowGeometryChanged();
    void lastViewChanged();
    void splitsChanged();
};

} // namespace podplanner::views
