#pragma once
// The project the GUI shows: loads a file through the model, keeps the current project when a
// load fails (the error is shown instead), and exposes a summary and the job list to QML.
#include "job_list_model.h"

#include <QObject>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace podplanner::model {
struct Project;
}

namespace podplanner::views {

class ProjectDocument : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool loaded READ loaded NOTIFY projectChanged)
    Q_PROPERTY(QString filePath READ filePath NOTIFY projectChanged)
    Q_PROPERTY(QString projectName READ projectName NOTIFY projectChanged)
    Q_PROPERTY(QString clusterName READ clusterName NOTIFY projectChanged)
    Q_PROPERTY(QString chipName READ chipName NOTIFY projectChanged)
    Q_PROPERTY(QVariantMap counts READ counts NOTIFY projectChanged)
    Q_PROPERTY(JobListModel* jobs READ jobs CONSTANT)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorTextChanged)
  public:
    explicit ProjectDocument(QObject* parent = nullptr);
    ~ProjectDocument() override;

    bool loaded() const;
    QString filePath() const { return filePath_; }
    QString projectName() const;
    QString clusterName() const;
    QString chipName() const;
    QVariantMap counts() const { return counts_; }
    JobListModel* jobs() { return &jobs_; }
    QString errorText() const { return errorText_; }

    // Accepts a path or a file:// URL (drag and drop, file dialogs). Returns false and sets
    // errorText on bad input; the project shown before stays open.
    Q_INVOKABLE bool load(const QString& pathOrUrl);
    Q_INVOKABLE void clearError();

    // The loaded project, for C++ consumers (the scene); nullptr before a load.
    const model::Project* project() const { return project_.get(); }

  signals:
    void projectChanged();
    void errorTextChanged();

  private:
    void setError(const QString& text);

    std::unique_ptr<model::Project> project_;
    QString filePath_;
    QVariantMap counts_;
    JobListModel jobs_;
    QString errorText_;
};

} // namespace podplanner::views
