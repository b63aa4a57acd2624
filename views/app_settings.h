#pragma once
// One typed wrapper over QSettings: everything the GUI remembers between runs.
#include <QObject>
#include <QRect>
#include <QStringList>
#include <QUrl>
#include <QVariant>
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
    // The folder the last export was written to, where the next one starts (empty: none yet,
    // or it no longer exists).
    Q_PROPERTY(QUrl lastExportFolder READ lastExportFolder WRITE setLastExportFolder NOTIFY
                   lastExportFolderChanged)

    // Multisampled 3D edges (View › Smooth edges). Unless chosen, on where the window is drawn
    // by a GPU and off under a software rasteriser (`softwareRendering`, set at start).
    Q_PROPERTY(bool smoothEdges READ smoothEdges WRITE setSmoothEdges NOTIFY smoothEdgesChanged)
    // The OpenGL renderer that draws the window (for the About box), and whether it is software.
    Q_PROPERTY(QString renderer READ renderer NOTIFY smoothEdgesChanged)

    // The Jobs table's order: a SortedJobsModel column, then " desc" when reversed.
    Q_PROPERTY(QString jobSort READ jobSort WRITE setJobSort NOTIFY jobSortChanged)

  public:
    explicit AppSettings(QObject* parent = nullptr);

    QStringList recentFiles() const;
    Q_INVOKABLE void addRecentFile(const QString& path);
    QRect windowGeometry() const;
    void setWindowGeometry(const QRect& geometry);
    QString lastView() const; // "physical" or "logical"
    void setLastView(const QString& view);
    QUrl lastExportFolder() const;
    void setLastExportFolder(const QUrl& folder);
    QString jobSort() const;
    bool smoothEdges() const;
    void setSmoothEdges(bool smooth);
    QString renderer() const { return renderer_; }
    void setRenderer(const QString& renderer, bool software);
    void setJobSort(const QString& sort);
    // SplitView.saveState() of a split of the main window, by name ("side", "bottom");
    // undefined in QML when none was saved.
    Q_INVOKABLE QVariant splitState(const QString& name) const;
    Q_INVOKABLE void setSplitState(const QString& name, const QVariant& state);

    static constexpr int kMaxRecentFiles = 10;

  signals:
    void recentFilesChanged();
    void windowGeometryChanged();
    void lastViewChanged();
    void lastExportFolderChanged();
    void jobSortChanged();
    void smoothEdgesChanged();

  private:
    QString renderer_;
    bool softwareRendering_ = true; // until the application has asked the renderer
};

} // namespace podplanner::views
