#pragma once
// File › Export in the GUI: the report (PDF, HTML, Markdown), an image of the 3D view at a chosen
// size, and CSV of the dashboard, the planner's results and the Monte Carlo percentiles. Runs
// on the GUI thread (the scene renders there); `busy`, `status` and `progress` drive a modal
// progress popup while it works.
#include <QObject>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class ProjectDocument;

class Exporter : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(ProjectDocument* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY progressChanged)
    Q_PROPERTY(QString status READ status NOTIFY progressChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
  public:
    explicit Exporter(QObject* parent = nullptr);

    ProjectDocument* document() const { return document_; }
    void setDocument(ProjectDocument* document);
    bool busy() const { return busy_; }
    QString status() const { return status_; }
    double progress() const { return progress_; }

    // Each returns false and emits failed(reason) on error, else emits done(message).
    Q_INVOKABLE bool exportReport(const QString& pathOrUrl, bool letter = false);
    Q_INVOKABLE bool exportImage(const QString& pathOrUrl, int width, int height,
                                 const QString& view, int job, const QString& colorMode,
                                 const QVector3D& pivotRotation, const QVector3D& cameraPosition);
    // kind: "dashboard", "plan" or "montecarlo".
    Q_INVOKABLE bool exportCsv(const QString& kind, const QString& pathOrUrl);

  signals:
    void documentChanged();
    void progressChanged();
    void done(const QString& message);
    void failed(const QString& reason);

  private:
    void setProgress(const QString& status, double fraction);
    bool finish(bool ok, const QString& message);

    ProjectDocument* document_ = nullptr;
    bool busy_ = false;
    QString status_;
    double progress_ = 0;
};

} // namespace podplanner::views
