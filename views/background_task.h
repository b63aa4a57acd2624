#pragma once
// Long work off the GUI thread with progress and cancel (the Monte Carlo, the plan search).
// One run at a time: starting again cancels the run before. The work gets a cancel flag and a
// progress counter; the result comes back on the GUI thread as a QVariant for QML.
#include <QObject>
#include <QTimer>
#include <QVariant>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace podplanner::views {

class BackgroundTask : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    // 0..1, or -1 while the amount of work is unknown.
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QVariant result READ result NOTIFY finished)
    Q_PROPERTY(bool cancelled READ cancelled NOTIFY finished)
  public:
    explicit BackgroundTask(QObject* parent = nullptr);
    ~BackgroundTask() override;

    bool running() const { return running_; }
    double progress() const { return progress_; }
    QVariant result() const { return result_; }
    bool cancelled() const { return cancelled_; }
    Q_INVOKABLE void cancel();
    // For tests: waits until the current run has delivered its result.
    bool waitForFinished(int timeoutMs);

    struct Control {
        std::atomic<bool> cancel{false};
        std::atomic<int> done{0};
    };
    using Work = std::function<QVariant(Control&)>;

  signals:
    void runningChanged();
    void progressChanged();
    void finished();

  protected:
    // `total` units of work counted in Control::done; 0 when unknown.
    void launch(Work work, int total);

  private:
    void stopThread();

    std::thread thread_;
    std::shared_ptr<Control> control_;
    quint64 run_ = 0;
    int total_ = 0;
    bool running_ = false;
    bool cancelled_ = false;
    double progress_ = 0;
    QVariant result_;
    QTimer poll_;
};

} // namespace podplanner::views
