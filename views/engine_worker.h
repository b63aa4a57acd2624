#pragma once
// Runs the engines (model::analyzeProject) off the GUI thread. Edits submit the project as it
// now is; while one analysis runs, newer submissions replace the waiting one (edits coalesce),
// and a result that an edit has already overtaken is dropped, never shown.
#include "analysis/project_analysis.h"

#include <QObject>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace podplanner::views {

class EngineWorker : public QObject {
    Q_OBJECT
  public:
    using Analysis = std::shared_ptr<const model::ProjectAnalysis>;

    explicit EngineWorker(QObject* parent = nullptr);
    ~EngineWorker() override;

    // Returns the request's generation; resultReady reports the newest one only.
    quint64 submit(std::shared_ptr<const model::Project> project,
                   std::vector<model::Component> failures);
    bool busy() const { return delivered_ < submitted_; }

  signals:
    // `project` is the snapshot the analysis is of.
    void resultReady(quint64 generation, std::shared_ptr<const podplanner::model::Project> project,
                     podplanner::views::EngineWorker::Analysis analysis);

  private:
    struct Request {
        quint64 generation = 0;
        std::shared_ptr<const model::Project> project;
        std::vector<model::Component> failures;
    };
    void run();
    void deliver(quint64 generation, std::shared_ptr<const model::Project> project,
                 Analysis analysis);

    std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<Request> pending_;
    bool stop_ = false;
    quint64 submitted_ = 0; // GUI thread only
    quint64 delivered_ = 0; // GUI thread only
    std::thread thread_;
};

} // namespace podplanner::views
