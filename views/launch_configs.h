#pragma once
// File › Export launch config and File › Import launch config: the GUI side of model/interop.
// Export writes the selected job as MaxText/xpk, Megatron-LM or torchtitan flags (or the cluster
// as InfraGraph); import reads such a file into a new job of the document, with undo.
#include "project_document.h"

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class LaunchConfigs : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(ProjectDocument* document MEMBER document_ NOTIFY documentChanged)
    Q_PROPERTY(QString message READ message NOTIFY messageChanged)
    Q_PROPERTY(QStringList unmodelled READ unmodelled NOTIFY messageChanged)

  public:
    explicit LaunchConfigs(QObject* parent = nullptr) : QObject(parent) {}

    QString message() const { return message_; }
    QStringList unmodelled() const { return unmodelled_; }

    // "maxtext", "megatron", "torchtitan" (or "infragraph" for export): the ones this project's
    // cluster runs.
    Q_INVOKABLE QStringList exportFormats() const;
    // The text, or empty with `message` saying why.
    Q_INVOKABLE QString exportText(int job, const QString& format);
    Q_INVOKABLE bool exportToFile(int job, const QString& format, const QString& pathOrUrl);
    // Adds the job the file describes; `shape`, `slices`, `nodes` fill what the file leaves out.
    Q_INVOKABLE bool importFile(const QString& format, const QString& pathOrUrl,
                                const QString& shape, int slices, int nodes);

  signals:
    void documentChanged();
    void messageChanged();

  private:
    void setMessage(const QString& text, const QStringList& unmodelled = {});
    ProjectDocument* document_ = nullptr;
    QString message_;
    QStringList unmodelled_;
};

} // namespace podplanner::views
