#include "help_docs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace podplanner::views {

QString HelpDocs::userGuide() const {
    QFile guide(QStringLiteral(":/docs/user-guide.md"));
    return guide.open(QIODevice::ReadOnly) ? QString::fromUtf8(guide.readAll()) : QString();
}

QUrl HelpDocs::docUrl(const QString& name) const {
    if (name.contains(QLatin1Char('/')) || name.contains(QLatin1String("..")))
        return {};
    // Installed: <prefix>/bin/podplanner and <prefix>/share/doc/PodPlanner; then the build's
    // source tree.
    const QStringList folders = {QCoreApplication::applicationDirPath() +
                                     QStringLiteral("/../" PODPLANNER_DOC_SUBDIR),
                                 QStringLiteral(PODPLANNER_SOURCE_DOCS)};
    for (const QString& folder : folders) {
        const QFileInfo file(QDir(folder).filePath(name));
        if (file.isFile())
            return QUrl::fromLocalFile(file.canonicalFilePath());
    }
    return {};
}

} // namespace podplanner::views
