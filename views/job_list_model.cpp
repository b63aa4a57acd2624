#include "job_list_model.h"

#include <algorithm>
#include <array>

namespace podplanner::views {

int JobListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant JobListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobRow& row = rows_.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return row.name;
    case ChipsRole:
        return row.chips;
    case ShapeRole:
        return row.shape;
    case WraparoundRole:
        return row.wraparound;
    case TwistedRole:
        return row.twisted;
    case SlicesRole:
        return row.slices;
    case ColorRole:
        return row.color;
    case StepTimeRole:
        return row.stepTimeS;
    case MfuRole:
        return row.mfu;
    case TokensPerSecondRole:
        return row.tokensPerS;
    case HbmUsedRole:
        return row.hbmUsedGib;
    case HbmCapacityRole:
        return row.hbmCapacityGib;
    case PerfErrorRole:
        return row.perfError;
    case GoodputRole:
        return row.goodput;
    case InterruptionsRole:
        return row.interruptionsPerDay;
    case StateRole:
        return row.state;
    case TimeToTrainRole:
        return row.timeToTrainDays;
    case CostRole:
        return row.costUsd;
    case JobIndexRole:
        return index.row();
    default:
        return {};
    }
}

QHash<int, QByteArray> JobListModel::roleNames() const {
    return {{NameRole, "name"},
            {ChipsRole, "chips"},
            {ShapeRole, "shape"},
            {WraparoundRole, "wraparound"},
            {TwistedRole, "twisted"},
            {SlicesRole, "slices"},
            {ColorRole, "jobColor"},
            {StepTimeRole, "stepTime"},
            {MfuRole, "mfu"},
            {TokensPerSecondRole, "tokensPerSecond"},
            {HbmUsedRole, "hbmUsedGib"},
            {HbmCapacityRole, "hbmCapacityGib"},
            {PerfErrorRole, "perfError"},
            {GoodputRole, "goodput"},
            {InterruptionsRole, "interruptionsPerDay"},
            {StateRole, "state"},
            {TimeToTrainRole, "timeToTrainDays"},
            {CostRole, "costUsd"},
            {JobIndexRole, "jobIndex"}};
}

void JobListModel::setRows(QList<JobRow> rows) {
    if (rows.size() == rows_.size() && !rows_.isEmpty()) {
        rows_ = std::move(rows);
        emit dataChanged(index(0), index(static_cast<int>(rows_.size()) - 1));
        return;
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QColor JobListModel::jobColor(int index) {
    // Okabe and Ito's colour-blind-safe palette (Color Universal Design, 2008) without its
    // vermillion and reddish purple, which sit next to the failed red and the OCS purple; then
    // the same five darker, then lighter, so that jobs never take a status colour.
    static const std::array<QColor, 5> kBase = {QColor("#0072b2"), QColor("#e69f00"),
                                                QColor("#009e73"), QColor("#56b4e9"),
                                                QColor("#f0e442")};
    const int i = std::max(0, index);
    const QColor base = kBase[static_cast<std::size_t>(i % 5)];
    switch ((i / 5) % 3) {
    case 1:
        return base.darker(150);
    case 2:
        return base.lighter(125);
    default:
        return base;
    }
}

} // namespace podplanner::views
