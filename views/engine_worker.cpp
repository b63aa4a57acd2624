#include "engine_worker.h"

#include <QMetaObject>

namespace podplanner::views {

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
    thread_ = std::thread([this] { run(); });
}

EngineWorker::~EngineWorker() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

quint64 EngineWorker::submit(std::shared_ptr<const model::Project> project,
                             std::vector<model::Component> failures) {
    const quint64 generation = ++submitted_;
    {
        std::lock_guard lock(mutex_);
        pending_ = Request{generation, std::move(project), std::move(failures)};
    }
    wake_.notify_one();
    return generation;
}

void EngineWorker::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || pending_.has_value(); });
        if (stop_)
            return;
        Request request = std::move(*pending_);
        pending_.reset();
        lock.unlock();
        Analysis analysis = std::make_shared<const model::ProjectAnalysis>(
            model::analyzeProject(*request.project, request.failures));
        lock.lock();
        if (pending_)
            continue; // an edit came in meanwhile: its analysis replaces this one
        // Queued to the GUI thread; Qt drops it if this object is gone by then.
        QMetaObject::invokeMethod(
            this,
            [this, generation = request.generation, project = request.project, analysis] {
                deliver(generation, project, analysis);
            },
            Qt::QueuedConnection);
    }
}

void EngineWorker::deliver(quint64 generation, std::shared_ptr<const model::Project> project,
                           Analysis analysis) {
    if (generation < submitted_)
        return; // stale: a newer request is on its way
    delivered_ = generation;
    emit resultReady(generation, std::move(project), std::move(analysis));
}

} // namespace podplanner::views
