#pragma once
// The jobs of a project for QML: name, chips, slice shape, wraparound and twist, and each
// job's numbers from the engines (step time, MFU, HBM, goodput, time to train, cost).
#include <QAbstractListModel>
#include <QColor>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

struct JobRow {
    QString name;
    qint64 chips = 0;
    QString shape;      // "8x16x16" or "64 nodes"
    QString wraparound; // "x y z", "none", or "-" for GPU jobs
    bool twisted = false;
    int slices = 0;
    QColor color;
    // From the performance engine; perfError says why there are no numbers.
    double stepTimeS = 0;
    double mfu = 0;
    double tokensPerS = 0;
    double hbmUsedGib = 0;
    double hbmCapacityGib = 0;
    double goodput = 0; // from the failure and goodput engine
    double interruptionsPerDay = 0;
    double timeToTrainDays = -1; // with the what-if's goodput; -1: never finishes or no numbers
    double costUsd = -1;         // of that time; -1: the chip has no price, or no time
    QString state; // what-if: running, recovering on a spare, degraded, waiting for repair
    QString perfError;
};

class JobListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by ProjectDocument")
  public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        ChipsRole,
        ShapeRole,
        WraparoundRole,
        TwistedRole,
        SlicesRole,
        ColorRole,
        StepTimeRole,
        MfuRole,
        TokensPerSecondRole,
        HbmUsedRole,
        HbmCapacityRole,
        PerfErrorRole,
        GoodputRole,
        InterruptionsRole,
        StateRole,
        TimeToTrainRole,
        CostRole,
        JobIndexRole // the job's index in the project, whatever order a view shows
    };

    using QAbstractListModel::QAbstractListModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Same number of rows: updated in place (views keep their selection and scroll position).
    void setRows(QList<JobRow> rows);
    // Distinct, readable colours per job index, shared by the list and (later) the 3D scene.
    static QColor jobColor(int index);

  private:
    QList<JobRow> rows_;
};

} // namespace podplanner::views
