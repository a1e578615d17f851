import { Flex, Spin } from 'antd';

/** What shows while the session is being loaded: nothing else renders before it is. */
export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
