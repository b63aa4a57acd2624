#pragma once
// File dialogs and drag and drop hand over file:// URLs; the model wants paths.
#include <QString>
#include <QUrl>

namespace podplanner::views {

inline QString localPath(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}

} // namespace podplanner::views
