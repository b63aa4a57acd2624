#include "background_task.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMetaObject>

namespace podplanner::views {

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent) {
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, [this] {
        if (!control_ || total_ <= 0)
            return;
        progress_ = std::min(1.0, control_->done.load() / static_cast<double>(total_));
        emit progressChanged();
    });
}

BackgroundTask::~BackgroundTask() {
    stopThread();
}

void BackgroundTask::stopThread() {
    if (control_)
        control_->cancel = true;
    if (thread_.joinable())
        thread_.join();
}

void BackgroundTask::cancel() {
    if (control_)
        control_->cancel = true;
}

void BackgroundTask::launch(Work work, int total) {
    stopThread();
    control_ = std::make_shared<Control>();
    total_ = total;
    const quint64 run = ++run_;
    progress_ = total > 0 ? 0.0 : -1.0;
    running_ = true;
    emit progressChanged();
    emit runningChanged();
    poll_.start();
    thread_ = std::thread([this, run, control = control_, work = std::move(work)] {
        QVariant value = work(*control);
        // Queued to the GUI thread; a newer run makes this one's result stale. The cancel flag
        // is read there: a Cancel clicked while the window still showed the run as running is
        // honoured, even when the work had just finished.
        QMetaObject::invokeMethod(
            this,
            [this, run, value, control] {
                if (run != run_)
                    return;
                const bool wasCancelled = control->cancel.load();
                poll_.stop();
                running_ = false;
                cancelled_ = wasCancelled;
                progress_ = 1;
                if (!wasCancelled)
                    result_ = value;
                emit progressChanged();
                emit runningChanged();
                emit finished();
            },
            Qt::QueuedConnection);
    });
}

bool BackgroundTask::waitForFinished(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (running_ && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !running_;
}

} // namespace podplanner::views
