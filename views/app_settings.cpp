#include "app_settings.h"

#include <QDir>
#include <QSettings>

namespace podplanner::views {

namespace {
const char* kRecentFiles = "files/recent";
const char* kWindowGeometry = "window/geometry";
const char* kLastView = "scene/view";
const char* kLastExportFolder = "files/export-folder";
const char* kJobSort = "jobs/sort";
const char* kSmoothEdges = "view/smooth-edges";

} // namespace

AppSettings::AppSettings(QObject* parent) : QObject(parent) {}

QStringList AppSettings::recentFiles() const {
    return QSettings().value(kRecentFiles).toStringList();
}

void AppSettings::addRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentFiles, files);
    emit recentFilesChanged();
}

QUrl AppSettings::lastExportFolder() const {
    const QUrl folder = QSettings().value(kLastExportFolder).toUrl();
    // A folder deleted since (or on an unmounted disk) is no place to start.
    return folder.isLocalFile() && QDir(folder.toLocalFile()).exists() ? folder : QUrl();
}

void AppSettings::setLastExportFolder(const QUrl& folder) {
    if (folder == lastExportFolder())
        return;
    QSettings().setValue(kLastExportFolder, folder);
    emit lastExportFolderChanged();
}

QRect AppSettings::windowGeometry() const {
    return QSettings().value(kWindowGeometry, QRect(100, 100, 1280, 800)).toRect();
}

void AppSettings::setWindowGeometry(const QRect& geometry) {
    if (geometry == windowGeometry())
        return;
    QSettings().setValue(kWindowGeometry, geometry);
    emit windowGeometryChanged();
}

QString AppSettings::lastView() const {
    const QString view = QSettings().value(kLastView, QStringLiteral("physical")).toString();
    return view == QLatin1String("logical") ? view : QStringLiteral("physical");
}

void AppSettings::setLastView(const QString& view) {
    if (view == lastView())
        return;
    QSettings().setValue(kLastView, view);
    emit lastViewChanged();
}

QString AppSettings::jobSort() const {
    return QSettings().value(kJobSort, QStringLiteral("index")).toString();
}

void AppSettings::setJobSort(const QString& sort) {
    if (sort == jobSort())
        return;
    QSettings().setValue(kJobSort, sort);
    emit jobSortChanged();
}

bool AppSettings::smoothEdges() const {
    return QSettings().value(kSmoothEdges, !softwareRendering_).toBool();
}

void AppSettings::setSmoothEdges(bool smooth) {
    if (smooth == smoothEdges())
        return;
    QSettings().setValue(kSmoothEdges, smooth);
    emit smoothEdgesChanged();
}

void AppSettings::setRenderer(const QString& renderer, bool software) {
    renderer_ = renderer;
    softwareRendering_ = software;
    emit smoothEdgesChanged();
}

QVariant AppSettings::splitState(const QString& name) const {
    const QByteArray state =
        QSettings().value(QStringLiteral("window/split-") + name).toByteArray();
    return state.isEmpty() ? QVariant() : QVariant(state);
}

void AppSettings::setSplitState(const QString& name, const QVariant& state) {
    QSettings().setValue(QStringLiteral("window/split-") + name, state.toByteArray());
}

} // namespace podplanner::views
