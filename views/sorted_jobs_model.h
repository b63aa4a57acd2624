#pragma once
// The Jobs table's order: the job list sorted by one column. A click on a header sorts by that
// column, a second click reverses it. A job without the number (a plan that cannot run, a chip
// without a price, a job that never finishes) stays at the bottom in either order.
#include <QSortFilterProxyModel>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class SortedJobsModel : public QSortFilterProxyModel {
    Q_OBJECT
    QML_ELEMENT
    // "index" (the project's order), "name", "chips", "shape", "stepTime", "mfu", "goodput",
    // "timeToTrain", "cost" or "hbm" (the share of HBM used).
    Q_PROPERTY(QString column READ column NOTIFY sortChanged)
    Q_PROPERTY(bool descending READ descending NOTIFY sortChanged)

  public:
    explicit SortedJobsModel(QObject* parent = nullptr);

    QString column() const { return column_; }
    bool descending() const { return descending_; }
    // The same column again reverses the order; a new one starts with its useful end first
    // (the fastest step, the highest MFU and goodput, the cheapest run).
    Q_INVOKABLE void sortByColumn(const QString& column);
    // An unknown column sorts by the project's order (a remembered setting from another version).
    Q_INVOKABLE void setSort(const QString& column, bool descending);
    // The job (its index in the project) shown at `row`; -1 outside the table.
    Q_INVOKABLE int jobAt(int row) const;

    static bool isColumn(const QString& column);

  signals:
    void sortChanged();

  protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

  private:
    QString column_ = QStringLiteral("index");
    bool descending_ = false;
};

} // namespace podplanner::views
