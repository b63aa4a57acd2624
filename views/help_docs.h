#pragma once
// Where Help finds the documentation: the user guide compiled into the program
// (qrc:/docs/user-guide.md), and the docs/*.md files on disk for "Read more" links — installed
// beside the program, or the source tree of a development build.
#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class HelpDocs : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
  public:
    using QObject::QObject;

    // The user guide as Markdown (never empty: it is compiled in).
    Q_INVOKABLE QString userGuide() const;
    // A file URL of docs/<name> on this machine; empty when it is nowhere to be found.
    Q_INVOKABLE QUrl docUrl(const QString& name) const;
};

} // namespace podplanner::views
